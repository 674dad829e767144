import type { TestProject } from 'vitest/node'
import { startPostgresCluster } from './postgres.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string
  }
}

/** The PostgreSQL lane never skips: without a server it fails with the reason. */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('postgresUrl', process.env.TEST_DATABASE_URL)
    return
  }
  const cluster = await startPostgresCluster()
  project.provide('postgresUrl', cluster.url)
  return () => cluster.stop()
}
