/**
 * Every /_api endpoint: the public and members' ones (api-paths.ts, in every page's first load)
 * and the administrators' (admin-api-paths.ts, loaded by the admin's pages only). For the server,
 * the API reference and the tests; a public page imports api-paths.ts alone.
 */
export * from './api-paths.ts'
export * from './admin-api-paths.ts'
