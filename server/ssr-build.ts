import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ServerBuild } from 'react-router'
import { ConfigError } from './config.ts'

export interface ProductionBuild {
  /** React Router's server build. */
  build: ServerBuild
  /** The folder `npm run build` wrote, with `client/` (the browser's files) in it. */
  root: string
}

/**
 * The production build in BUILD_DIR (./build by default), loaded by path at run time. The bundle
 * `npm start` runs does not use this module: scripts/build-server.ts puts a static import of that
 * same build in its place, so the pages and the server share one copy of React and React Router,
 * and takes the folder from where the bundle itself lies (ADR 015).
 */
export async function loadProductionBuild(): Promise<ProductionBuild> {
  const root = path.resolve(process.env.BUILD_DIR ?? 'build')
  const file = path.join(root, 'server/index.js')
  const build = (await import(pathToFileURL(file).href).catch(() => {
    throw new ConfigError(`No production build at ${file}: run \`npm run build\` first.`)
  })) as ServerBuild
  return { build, root }
}
