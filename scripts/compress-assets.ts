/**
 * Compresses the client build once, at the highest settings: every text asset gets a `.br` and a
 * `.gz` beside it, which the server sends to clients that accept them (server/http/static.ts).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

const root = path.resolve(process.env.BUILD_DIR ?? 'build', 'client')
const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/
const MIN_BYTES = 1024

let files = 0
let raw = 0
let brotli = 0
for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !TEXT.test(entry.name)) continue
  const file = path.join(entry.parentPath, entry.name)
  if (statSync(file).size < MIN_BYTES) continue
  const bytes = readFileSync(file)
  const br = zlib.brotliCompressSync(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  })
  writeFileSync(`${file}.br`, br)
  writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }))
  files += 1
  raw += bytes.length
  brotli += br.length
}
console.log(
  `assets: ${files} files compressed, ${(raw / 1024).toFixed(0)} KB → ${(brotli / 1024).toFixed(0)} KB brotli`,
)
