/**
 * A response's whole body as one Buffer, with at most one copy: none when the body comes as one
 * chunk (a page from app/entry.server.tsx, a JSON or text body), one concatenation otherwise.
 * `Response.arrayBuffer()` copies every body twice, which for a 100 KB page is 200 KB of memory
 * for the garbage collector on every request.
 */
export async function readBody(res: Response): Promise<Buffer> {
  if (!res.body) return Buffer.alloc(0)
  const chunks: Uint8Array[] = []
  let length = 0
  for await (const chunk of res.body) {
    chunks.push(chunk)
    length += chunk.byteLength
  }
  const only = chunks.length === 1 ? chunks[0] : undefined
  return only
    ? Buffer.from(only.buffer, only.byteOffset, only.byteLength)
    : Buffer.concat(chunks, length)
}

/** A Buffer as a response body, without the copy `new Uint8Array(buffer)` makes. */
export function bodyOf(bytes: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength)
}
