import { Writable } from 'node:stream'

/**
 * Rewrites a finished page. `room` more bytes follow the page in its memory (`page.buffer`), so a
 * rewrite that adds at most that much can work in place.
 */
export type PageRewrite = (page: Buffer, room: number) => Buffer

/** Bytes kept free after each page for its rewrite: 48 module preloads' worth. */
const REWRITE_ROOM = 960

/**
 * Where React's server renderer writes a page: a Node Writable whose `readable` side gives the
 * whole page as one chunk once React is done, instead of one chunk per 4 KB view.
 *
 * Every page is read whole before it is sent: the compression middleware compresses it in one
 * pass and the page cache stores it (server/http/). Through a web stream of React's views, a
 * 107 KB post page took about 30 chunks, their promises and three copies. Here the parts are
 * copied once, into the page, and strings (the inlined stylesheet is one of 68 KB) are encoded
 * straight into it. React allocates a new view after writing one, so the parts can be kept as
 * they are until the end.
 */
export class RenderedBody extends Writable {
  readonly readable: ReadableStream<Uint8Array>
  #controller!: ReadableStreamDefaultController<Uint8Array>
  #parts: Array<Uint8Array | string> = []
  #bytes = 0
  #finish: PageRewrite

  /** `finish` may rewrite the whole page once React is done (see `lowPriorityModules`). */
  constructor(finish: PageRewrite = (page) => page) {
    // Nothing waits for a drain: the page is held in memory until it is sent either way.
    super({ decodeStrings: false, highWaterMark: Number.MAX_SAFE_INTEGER })
    this.#finish = finish
    this.readable = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.#controller = controller
      },
      // The reader gave up: 'close' stops React's render.
      cancel: () => {
        this.#parts = []
        this.destroy()
      },
    })
  }

  override _write(
    chunk: Uint8Array | string,
    _encoding: BufferEncoding,
    callback: (error?: Error | null) => void,
  ): void {
    this.#parts.push(chunk)
    this.#bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength
    callback()
  }

  override _final(callback: (error?: Error | null) => void): void {
    // Room for the rewrite to grow the page in place, instead of copying it into a larger one.
    let page: Buffer = Buffer.allocUnsafe(this.#bytes + REWRITE_ROOM).subarray(0, this.#bytes)
    let offset = 0
    for (const part of this.#parts) {
      if (typeof part === 'string') offset += page.write(part, offset)
      else {
        page.set(part, offset)
        offset += part.byteLength
      }
    }
    this.#parts = []
    page = this.#finish(page, REWRITE_ROOM)
    if (page.length > 0) this.#controller.enqueue(page)
    this.#controller.close()
    callback()
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (error) this.#controller.error(error)
    callback(error)
  }
}

const HEAD_END = Buffer.from('</head>')
const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload"')
const LOW = Buffer.from(' fetchpriority="low"')

/**
 * The page with its head's module preloads at a low fetch priority (ADR 013). Chrome fetches
 * them at high priority by default, ahead of the pictures of the first screen, and Lighthouse
 * counts every high-priority script that arrives before the first paint as blocking it. The page
 * needs no script to be read: its markup and styles are all in the document. The attribute goes
 * right after the tag's `rel`, as React writes it; the body is left as it is.
 */
export function lowPriorityModules(page: Buffer, room = 0): Buffer {
  const headEnd = page.indexOf(HEAD_END)
  if (headEnd < 0) return page
  const at: number[] = []
  for (let i = page.indexOf(MODULE_PRELOAD); i >= 0 && i < headEnd;) {
    at.push(i + MODULE_PRELOAD.length)
    i = page.indexOf(MODULE_PRELOAD, i + MODULE_PRELOAD.length)
  }
  if (at.length === 0) return page
  const grown = page.length + at.length * LOW.length
  if (grown - page.length <= room) {
    // In place, from the end: each part moves right by the attributes inserted before it.
    const out = Buffer.from(page.buffer, page.byteOffset, grown)
    let end = page.length
    for (let k = at.length - 1; k >= 0; k--) {
      const cut = at[k]!
      out.copyWithin(cut + (k + 1) * LOW.length, cut, end)
      LOW.copy(out, cut + k * LOW.length)
      end = cut
    }
    return out
  }
  const out = Buffer.allocUnsafe(grown)
  let from = 0
  let to = 0
  for (const cut of at) {
    to += page.copy(out, to, from, cut)
    to += LOW.copy(out, to)
    from = cut
  }
  page.copy(out, to, from)
  return out
}
