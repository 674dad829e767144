import { Writable } from 'node:stream'

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

  constructor() {
    // Nothing waits for a drain: the page is held in memory until it is sent either way.
    super({ decodeStrings: false, highWaterMark: Number.MAX_SAFE_INTEGER })
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
    const page = Buffer.allocUnsafe(this.#bytes)
    let offset = 0
    for (const part of this.#parts) {
      if (typeof part === 'string') offset += page.write(part, offset)
      else {
        page.set(part, offset)
        offset += part.byteLength
      }
    }
    this.#parts = []
    if (page.length > 0) this.#controller.enqueue(page)
    this.#controller.close()
    callback()
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (error) this.#controller.error(error)
    callback(error)
  }
}
