import { pathToFileURL } from 'node:url'
import type { ServerBuild } from 'react-router'
import { ConfigError } from './config.ts'

/**
 * React Router's server build, as `npm run build` wrote it. The bundle `npm start` runs does not
 * use this module: scripts/build-server.ts puts a static import of that same build in its place,
 * so the pages and the server share one copy of React and React Router (ADR 015).
 */
export async function loadServerBuild(buildFile: string): Promise<ServerBuild> {
  return (await import(pathToFileURL(buildFile).href).catch(() => {
    throw new ConfigError(`No production build at ${buildFile}: run \`npm run build\` first.`)
  })) as ServerBuild
}
