import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    setupFiles: ['tests/support/strict-env.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{server,app,contracts,scripts,deploy}/**/*.test.{ts,tsx}'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api-sqlite',
          include: ['tests/api/**/*.test.ts'],
          env: { TEST_DB: 'sqlite' },
        },
      },
      {
        extends: true,
        test: {
          name: 'api-postgres',
          include: ['tests/api/**/*.test.ts'],
          env: { TEST_DB: 'postgres' },
          globalSetup: ['tests/support/postgres-global-setup.ts'],
        },
      },
      {
        // Two app processes of the production build on one PostgreSQL and an object store
        // (docs/deployment.md): `npm run test:cluster`, after `npm run build`.
        extends: true,
        test: {
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          globalSetup: ['tests/support/postgres-global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        // The production build attacked as a hostile internet would, on SQLite and PostgreSQL:
        // `npm run test:hostile`, after `npm run build`.
        extends: true,
        test: {
          name: 'hostile',
          include: ['tests/hostile/**/*.test.ts'],
          globalSetup: ['tests/support/postgres-global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
