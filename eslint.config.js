import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

/** Transactions open in the services, through inTransaction (server/db/dialect.ts), and only there. */
const OPEN_TRANSACTION = {
  selector: "CallExpression[callee.property.name='transaction']",
  message:
    'Open a transaction with inTransaction(db, work) in the service (docs/architecture.md); it retries a deadlock and answers a Conflict.',
}

export default tseslint.config(
  {
    ignores: [
      'build/',
      'build-*/',
      'node_modules/',
      '.react-router/',
      'data/',
      'test-results/',
      'playwright-report/',
      'reports/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    // contracts/ is shared by both sides and depends on neither.
    files: ['contracts/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/app/**', '**/server/**'],
              message: 'contracts/ must not import app/ or server/.',
            },
          ],
        },
      ],
    },
  },
  {
    // The browser bundle reaches the server only through the load context: types only.
    files: ['app/**'],
    ignores: ['app/**/*.server.ts', 'app/**/*.server.test.ts', 'app/entry.server.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**'],
              allowTypeImports: true,
              message:
                'app/ may import only types from server/; read services from the load context.',
            },
          ],
        },
      ],
    },
  },
  {
    // SQL lives in server/db only: no Kysely, no query builder call anywhere else.
    files: ['server/**', 'app/**', 'contracts/**', 'scripts/**'],
    ignores: ['server/db/**', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'kysely', message: 'Write SQL in a repository in server/db/.' }],
          patterns: [{ group: ['kysely/*'], message: 'Write SQL in a repository in server/db/.' }],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)$/]',
          message: 'Write SQL in a repository in server/db/ and call it.',
        },
        OPEN_TRANSACTION,
      ],
    },
  },
  {
    // A repository runs in the transaction its caller opened: it takes `trx`, it never opens one.
    files: ['server/db/**'],
    ignores: ['server/db/dialect.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        OPEN_TRANSACTION,
        {
          selector: "CallExpression[callee.name='inTransaction']",
          message:
            'A repository takes the trx its service opened; the service calls inTransaction.',
        },
      ],
    },
  },
  {
    // Business rules know nothing of HTTP: they throw domain errors (server/shared/errors.ts),
    // which server/http/ maps to statuses in one place.
    files: [
      'server/auth/**',
      'server/services/**',
      'server/integrations/**',
      'server/db/**',
      'server/jobs/**',
      'server/media/**',
      'server/storage/**',
      'server/mail/**',
      'server/shared/**',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/http/**', '../http/*', './http/*'],
              message: 'Only server/http/ speaks HTTP: throw a domain error from server/shared/.',
            },
            {
              group: ['hono', 'hono/*', '@hono/*'],
              message: 'Only server/http/ speaks HTTP: keep Hono there and pass plain values in.',
            },
          ],
        },
      ],
    },
  },
  {
    // Handlers take their input and a context of plain values (server/api/define.ts); only the
    // table's mounting in server/http/api.ts turns them into HTTP.
    files: ['server/api/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['hono', 'hono/*', '@hono/*'],
              message:
                'A handler never sees HTTP: take what it needs from its HandlerContext, answer a value or a web Response.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/cli/**', 'server/services/seed.ts', 'tests/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
)
