/**
 * `npm run api:doc`: writes docs/api.md, the whole HTTP API on one screen, from the route table
 * (server/api/routes.ts), the endpoint entries (contracts/endpoints.ts: status, caching and, read
 * with the TypeScript compiler, the response types) and the few routes mounted beside them.
 * `--check` only compares, and fails when the doc is stale; scripts/api-doc.test.ts does the same
 * in the unit tests.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import prettier from 'prettier'
import ts from 'typescript'
import { z } from 'zod'
import * as API from '../contracts/endpoints.ts'
import type { EndpointContract } from '../contracts/endpoint.ts'
import { OAUTH_START_PATH } from '../contracts/oauth.ts'
import type { Endpoint } from '../server/api/define.ts'
import { API_ROUTES } from '../server/api/routes.ts'

const HERE = path.dirname(fileURLToPath(import.meta.url))
export const API_DOC_PATH = path.resolve(HERE, '../docs/api.md')
const API_PATHS_FILE = path.resolve(HERE, '../contracts/endpoints.ts')

/** The compiler options for reading the contracts' types: the project's, without DOM or @types. */
const TYPE_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2024,
  lib: ['lib.es2024.d.ts'],
  types: [],
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  strict: true,
  allowImportingTsExtensions: true,
  noEmit: true,
  skipLibCheck: true,
}

/** A named response type as the doc lists it: a table of fields, or (a union, say) one line. */
export interface ResponseType {
  name: string
  /** Its doc comment, on one line. */
  about: string
  fields?: { name: string; type: string; optional: boolean }[]
  definition?: string
}

export interface ResponseShapes {
  /** Each entry of contracts/endpoints.ts by export name: its response, printed. */
  byEntry: Map<string, string>
  /** Every named type those responses reach, each once, sorted by name. */
  types: ResponseType[]
}

const isOwn = (sym: ts.Symbol) =>
  sym.declarations?.some((d) => !d.getSourceFile().fileName.includes('/node_modules/')) ?? false

/**
 * Reads the type each entry's `response` carries (`contract<R>()` declares
 * `response?: R`) and prints it: the project's own named types by name (each then described once
 * below the table), arrays, unions and inline objects as TypeScript writes them.
 */
export function responseShapes(file = API_PATHS_FILE): ResponseShapes {
  const program = ts.createProgram([file], TYPE_OPTIONS)
  const checker = program.getTypeChecker()
  const module = checker.getSymbolAtLocation(program.getSourceFile(file)!)!
  const reached = new Map<ts.Symbol, ts.Type>()
  let labels = new Map<ts.Symbol, string>()

  /** The project's own name for the type (an interface or a type alias), if it has one. */
  function namedBy(type: ts.Type): ts.Symbol | undefined {
    if (type.aliasSymbol) {
      return isOwn(type.aliasSymbol) && !type.aliasTypeArguments ? type.aliasSymbol : undefined
    }
    const sym = type.getSymbol()
    return sym && sym.flags & ts.SymbolFlags.Interface && isOwn(sym) && !genericUse(type)
      ? sym
      : undefined
  }

  /** The type arguments of a generic interface's use (`Superjson<RadioStation>`), if it is one. */
  function genericUse(type: ts.Type): readonly ts.Type[] | undefined {
    if (!(type.flags & ts.TypeFlags.Object)) return undefined
    const ref = type as ts.TypeReference
    if (!((ref.objectFlags & ts.ObjectFlags.Reference) !== 0 && ref.target !== ref))
      return undefined
    const args = checker.getTypeArguments(ref)
    return args.length ? args : undefined
  }

  /** Lists the type below the table (once) and answers its name there. */
  function reach(sym: ts.Symbol): string {
    if (!reached.has(sym)) reached.set(sym, checker.getDeclaredTypeOfSymbol(sym))
    return labels.get(sym) ?? sym.name
  }

  /** An optional property's type as written, without the `undefined` the `?` adds. */
  function printOptional(type: ts.Type): string {
    // `?: never` leaves only the undefined.
    if (type.flags & ts.TypeFlags.Undefined) return 'never'
    if (!type.isUnion()) return print(type)
    const rest = type.types.filter((t) => !(t.flags & ts.TypeFlags.Undefined))
    if (!rest.some((t) => t.flags & ts.TypeFlags.Null))
      return print(checker.getNonNullableType(type))
    return rest.length === 1 ? print(rest[0]!) : union(rest)
  }

  function print(type: ts.Type): string {
    const named = namedBy(type)
    return named ? reach(named) : structure(type)
  }

  /** The type written out one level, its parts by name. */
  function structure(type: ts.Type): string {
    if (type.flags & ts.TypeFlags.Unknown) return 'unknown'
    if (type.isUnion()) return union(type.types)
    if (checker.isArrayType(type)) {
      const element = print(checker.getTypeArguments(type as ts.TypeReference)[0]!)
      return /[ |&]/.test(element) && !element.startsWith('{') ? `(${element})[]` : `${element}[]`
    }
    const sym = type.getSymbol()
    const alias = type.aliasSymbol
    if (alias && type.aliasTypeArguments) {
      const name = isOwn(alias) ? reach(alias) : alias.name
      return `${name}<${type.aliasTypeArguments.map(print).join(', ')}>`
    }
    const args = genericUse(type)
    if (sym && isOwn(sym) && args) return `${reach(sym)}<${args.map(print).join(', ')}>`
    const anonymous =
      type.flags & ts.TypeFlags.Intersection ||
      (sym && isOwn(sym) && type.flags & ts.TypeFlags.Object)
    if (anonymous && !type.getCallSignatures().length) {
      const fields = propertiesOf(type).map((p) => {
        const f = field(p)
        return `${f.name}${f.optional ? '?' : ''}: ${f.type}`
      })
      return fields.length ? `{ ${fields.join('; ')} }` : '{}'
    }
    return checker.typeToString(type, undefined, ts.TypeFormatFlags.NoTruncation)
  }

  /** Members in a stable order: named and object types by name, then the rest, `null` last. */
  function union(members: readonly ts.Type[]): string {
    const booleans = members.filter((t) => t.flags & ts.TypeFlags.BooleanLiteral)
    const rest = booleans.length === 2 ? members.filter((t) => !booleans.includes(t)) : members
    const rank = (t: ts.Type) =>
      t.flags & ts.TypeFlags.Null
        ? 3
        : t.flags & ts.TypeFlags.Undefined
          ? 4
          : t.flags & ts.TypeFlags.Object
            ? 0
            : 1
    const parts = rest
      .map((t, i) => ({ text: print(t), rank: rank(t), i }))
      .concat(booleans.length === 2 ? [{ text: 'boolean', rank: 2, i: 0 }] : [])
      .sort((a, b) => a.rank - b.rank || (a.rank === 0 ? a.text.localeCompare(b.text) : a.i - b.i))
    return parts.map((p) => p.text).join(' | ')
  }

  function field(prop: ts.Symbol) {
    const optional = (prop.flags & ts.SymbolFlags.Optional) !== 0
    const type = checker.getTypeOfSymbol(prop)
    return { name: prop.name, optional, type: optional ? printOptional(type) : print(type) }
  }

  /**
   * The fields in the order they are declared: a type made with `Omit` or `Pick` lists them in
   * the compiler's own order, so each part of an intersection is put back in source order.
   */
  function propertiesOf(type: ts.Type): ts.Symbol[] {
    const position = (p: ts.Symbol) => p.declarations?.[0]?.getStart() ?? 0
    const parts = type.isIntersection() ? type.types : [type]
    const names = parts.flatMap((part) =>
      checker
        .getPropertiesOfType(part)
        .toSorted((a, b) => position(a) - position(b))
        .map((p) => p.name),
    )
    // Symbol-keyed properties (`__@name@id`) only carry types; they are never sent.
    return [...new Set(names)]
      .filter((name) => !name.startsWith('__@'))
      .map((name) => checker.getPropertyOfType(type, name)!)
  }

  function describe(sym: ts.Symbol, type: ts.Type): ResponseType {
    const name = labels.get(sym) ?? sym.name
    const about = ts.displayPartsToString(sym.getDocumentationComment(checker)).replace(/\s+/g, ' ')
    const isObject =
      (type.flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection)) !== 0 &&
      !checker.isArrayType(type)
    return isObject
      ? { name, about, fields: propertiesOf(type).map(field) }
      : { name, about, definition: structure(type) }
  }

  /**
   * The type an entry's value declares. For `contract<R>()({ … })` that is what the first call
   * returns, read without checking the entry itself: inferring its schema's type from `input`
   * would take the checker through zod and cost seconds.
   */
  function entryType(sym: ts.Symbol): ts.Type {
    const init =
      sym.valueDeclaration && ts.isVariableDeclaration(sym.valueDeclaration)
        ? sym.valueDeclaration.initializer
        : undefined
    if (init && ts.isCallExpression(init) && ts.isCallExpression(init.expression)) {
      const declare = checker.getResolvedSignature(init.expression)?.getReturnType()
      const made = declare?.getCallSignatures()[0]?.getReturnType()
      if (made) return made
    }
    return checker.getTypeOfSymbol(sym)
  }

  const entries = checker.getExportsOfModule(module).flatMap((sym) => {
    const response = entryType(sym).getProperty('response')
    return response ? [{ name: sym.name, type: checker.getTypeOfSymbol(response) }] : []
  })
  // Twice: first to find every named type, then with the names made unique (two `Pagination`s).
  const render = () => {
    const byEntry = new Map(entries.map((e) => [e.name, printOptional(e.type)]))
    const types: ResponseType[] = []
    for (const [sym, type] of reached) types.push(describe(sym, type))
    return { byEntry, types }
  }
  render()
  const count = new Map<string, number>()
  for (const sym of reached.keys()) count.set(sym.name, (count.get(sym.name) ?? 0) + 1)
  labels = new Map(
    [...reached.keys()].map((sym) => [
      sym,
      count.get(sym.name)! > 1
        ? `${sym.name} (${path.basename(sym.declarations![0]!.getSourceFile().fileName)})`
        : sym.name,
    ]),
  )
  const { byEntry, types } = render()
  return { byEntry, types: types.sort((a, b) => a.name.localeCompare(b.name)) }
}

/** Routes outside /_api (mounted by server/http/), declared here by hand so the doc has them too. */
export const OTHER_ROUTES = [
  {
    method: 'GET',
    path: `${OAUTH_START_PATH}?provider=discord`,
    access: 'member',
    note: "the profile page's Connect: a same-site navigation to Discord and back to /members/profile (server/http/oauth-start.ts)",
  },
] as const

/** The input's fields, `?` after those that may be left out; `—` when it takes none. */
function fieldsOf(schema: z.ZodType): string {
  if (!(schema instanceof z.ZodObject)) return '(see schema)'
  const fields = Object.entries(schema.shape as Record<string, z.ZodType>).map(
    ([name, field]) => `${name}${field.safeParse(undefined).success ? '?' : ''}`,
  )
  return fields.length ? fields.map((f) => `\`${f}\``).join(', ') : '—'
}

const SOURCE: Record<Endpoint['source'], string> = {
  query: 'query string',
  json: 'JSON body',
  multipart: 'multipart form',
  none: '—',
}

/** Markdown code, safe inside a table cell. */
function code(text: string): string {
  const fence = text.includes('`') ? '``' : '`'
  const spaced = fence.length > 1 ? ` ${text} ` : text
  return `${fence}${spaced}${fence}`.replaceAll('|', '\\|')
}

/** The entries of contracts/endpoints.ts by method and path, with their export names. */
function entriesByRoute(): Map<string, { name: string; entry: EndpointContract }> {
  const entries = Object.entries(API as Record<string, EndpointContract>).filter(
    ([, e]) => typeof e === 'object' && 'access' in e,
  )
  return new Map(entries.map(([name, entry]) => [`${entry.method} ${entry.path}`, { name, entry }]))
}

function typeSection(type: ResponseType): string {
  const heading = `### ${type.name}\n\n${type.about ? `${type.about}\n\n` : ''}`
  if (type.definition) return `${heading}${code(type.definition)}\n`
  const rows = type.fields!.map(
    (f) => `| ${code(f.name)} | ${code(f.type)} | ${f.optional ? 'yes' : ''} |`,
  )
  return `${heading}| Field | Type | Optional |
| ----- | ---- | -------- |
${rows.join('\n')}
`
}

/** The doc as prettier formats it (so `prettier --check .` agrees with the generator). */
export async function renderApiDoc(routes: readonly Endpoint[] = API_ROUTES): Promise<string> {
  const entries = entriesByRoute()
  const shapes = responseShapes()
  const rows = await Promise.all(
    routes.map(async (ep) => {
      const found = entries.get(`${ep.method} ${ep.path}`)
      if (!found) throw new Error(`${ep.method} ${ep.path} has no entry in contracts/endpoints.ts`)
      const { name, entry } = found
      const cache = entry.cache ?? '—'
      const response = shapes.byEntry.get(name) ?? 'unknown'
      const status = response === 'never' ? '—' : (entry.status ?? 200)
      return `| ${ep.method} | \`/_api${ep.path}\` | ${ep.access} | ${SOURCE[ep.source]} | ${fieldsOf(await ep.schema())} | ${status} | ${cache} | ${code(response)} |`
    }),
  )
  const limited = routes.filter((ep) => ep.upstream).map((ep) => `\`/_api${ep.path}\``)
  const others = OTHER_ROUTES.map(
    (r) => `| ${r.method} | \`${r.path}\` | ${r.access} | ${r.note} |`,
  )
  const markdown = `# HTTP API

Generated by \`npm run api:doc\` from \`server/api/routes.ts\` and the entries in
\`contracts/api-paths.ts\` and \`contracts/admin-api-paths.ts\`; do not edit by hand (a unit test
fails when this file and the route table disagree). Access is checked before the input is read: \`public\` answers anyone, \`member\`
needs a session (401), \`admin\` the admin role (403). Errors are \`{"error": "..."}\`; see
[architecture](architecture.md).

A successful call answers the status in the Status column with the Response, as JSON; the
[response types](#response-types) below list their fields. Cache is the \`Cache-Control\` a
successful answer carries (\`—\`: none). A response of \`never\` is not JSON (a redirect, a page
or a PDF): its handler sets the status.

| Method | Path | Access | Input from | Fields (\`?\` optional) | Status | Cache | Response |
| ------ | ---- | ------ | ---------- | --------------------- | ------ | ----- | -------- |
${rows.join('\n')}

These can make the server call an upstream, so each client address may call each of them
\`UPSTREAM_RATE_LIMIT_PER_MINUTE\` times a minute (120 by default; 429 with \`Retry-After\` past it):
${limited.join(', ')}.

The radio, the Discord widget and gallery and the YouTube channel statistics are optional: on a
site that has not set one up, its endpoints answer 200 \`{"configured": false}\` instead of an
error (see [product decisions](product-decisions.md#optional-integrations)).

## Outside /_api

| Method | Path | Access | What |
| ------ | ---- | ------ | ---- |
${others.join('\n')}

Feeds, \`/healthz\`, static files and uploads are described in [architecture](architecture.md).

## Response types

Every type named in the Response column, and every type those name, once each, as the TypeScript
types in \`contracts/\` declare them.

${shapes.types.map(typeSection).join('\n')}`
  const options = await prettier.resolveConfig(API_DOC_PATH)
  return prettier.format(markdown, { ...options, parser: 'markdown' })
}

if (import.meta.main) {
  const doc = await renderApiDoc()
  if (process.argv.includes('--check')) {
    if (readFileSync(API_DOC_PATH, 'utf8') !== doc) {
      console.error('docs/api.md is stale: run npm run api:doc')
      process.exit(1)
    }
  } else {
    writeFileSync(API_DOC_PATH, doc)
    console.log(
      `Wrote ${path.relative(process.cwd(), API_DOC_PATH)} (${API_ROUTES.length} endpoints).`,
    )
  }
}
