import { PassThrough } from 'node:stream'
import { lazy, Suspense } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { RenderedBody, lowPriorityModules } from './render-stream.server.ts'

async function chunksOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = []
  for await (const chunk of stream) chunks.push(chunk)
  return chunks
}

const Comet = lazy(async () => ({ default: () => <p>Tail of ions, {'ü'.repeat(3)}</p> }))

function Page() {
  return (
    <html lang="en">
      <head>
        <style dangerouslySetInnerHTML={{ __html: `.sky{color:navy}`.repeat(5000) }} />
      </head>
      <body>
        {Array.from({ length: 300 }, (_, i) => (
          <p key={i}>Star {i} — Ω</p>
        ))}
        <Suspense fallback={<p>Loading</p>}>
          <Comet />
        </Suspense>
      </body>
    </html>
  )
}

/** The page as React streams it to an ordinary Node stream. */
function referenceHtml(): Promise<string> {
  return new Promise((resolve) => {
    const out = new PassThrough()
    const parts: Buffer[] = []
    out.on('data', (chunk: Buffer) => parts.push(chunk))
    out.on('end', () => resolve(Buffer.concat(parts).toString()))
    const { pipe } = renderToPipeableStream(<Page />, { onAllReady: () => pipe(out) })
  })
}

describe("the page React's renderer writes", () => {
  it('comes out whole, as one chunk, byte for byte what React wrote', async () => {
    const expected = await referenceHtml()
    const body = new RenderedBody()
    const { pipe } = renderToPipeableStream(<Page />, { onShellReady: () => pipe(body) })
    const chunks = await chunksOf(body.readable)
    expect(chunks).toHaveLength(1)
    const html = Buffer.from(chunks[0]!).toString()
    expect(html.length).toBeGreaterThan(70_000)
    expect(html.endsWith('üüü</p><!--/$--></body></html>')).toBe(true)
    // Not toBe: a failure would print both pages.
    expect(html === expected).toBe(true)
  })

  it('joins byte views and strings, multi-byte characters included', async () => {
    const body = new RenderedBody()
    body.write(new TextEncoder().encode('<p>Sirius '))
    body.write('— α CMa, ü</p>')
    body.end(new TextEncoder().encode('<p>Vega</p>'))
    const chunks = await chunksOf(body.readable)
    expect(chunks.map((c) => Buffer.from(c).toString())).toEqual([
      '<p>Sirius — α CMa, ü</p><p>Vega</p>',
    ])
  })

  it('closes without a chunk when nothing was written', async () => {
    const body = new RenderedBody()
    body.end()
    expect(await chunksOf(body.readable)).toEqual([])
  })

  it('stops the writer when the reader gives up', async () => {
    const body = new RenderedBody()
    const closed = new Promise((resolve) => body.once('close', resolve))
    body.write('<p>Betelgeuse</p>')
    await body.readable.cancel()
    await closed
    expect(body.destroyed).toBe(true)
  })
})

describe('module preloads at a low priority', () => {
  it("marks the head's module preloads and leaves everything else as it was", () => {
    const head =
      '<html><head><link rel="modulepreload" href="/assets/a.js" nonce="n"/><link rel="stylesheet" href="/x.css"/>' +
      '<link rel="modulepreload" href="/assets/b.js"/></head>'
    const body =
      '<body><p>&lt;link rel="modulepreload"</p><link rel="modulepreload" href="/c.js"/></body></html>'
    const expected =
      head.replaceAll(
        '<link rel="modulepreload"',
        '<link rel="modulepreload" fetchpriority="low"',
      ) + body
    expect(lowPriorityModules(Buffer.from(head + body)).toString()).toBe(expected)

    // With room after the page, in its own memory: the same page, grown in place. (Buffer.alloc
    // never shares its memory with other buffers, as small ones from Buffer.from do.)
    const own = (text: string) => {
      const bytes = Buffer.alloc(Buffer.byteLength(text))
      bytes.write(text)
      return bytes
    }
    const page = own(head + body + '#'.repeat(64))
    const inPlace = lowPriorityModules(page.subarray(0, page.length - 64), 64)
    expect(inPlace.buffer).toBe(page.buffer)
    expect(inPlace.toString()).toBe(expected)
    // Too little room: a new page, and the old one as it was.
    const tight = own(head + body + '#'.repeat(39))
    const copied = lowPriorityModules(tight.subarray(0, tight.length - 39), 39)
    expect(copied.buffer).not.toBe(tight.buffer)
    expect(copied.toString()).toBe(expected)
    expect(tight.toString()).toBe(head + body + '#'.repeat(39))
  })

  it('returns a page without a head or preloads untouched', () => {
    const page = Buffer.from('<p>Hello</p>')
    expect(lowPriorityModules(page)).toBe(page)
    const plain = Buffer.from('<html><head></head><body></body></html>')
    expect(lowPriorityModules(plain)).toBe(plain)
  })

  it('is applied by the rendered body once React is done', async () => {
    const body = new RenderedBody(lowPriorityModules)
    const { pipe } = renderToPipeableStream(
      <html lang="en">
        <head>
          <link rel="modulepreload" href="/assets/entry.js" />
        </head>
        <body>
          <p>Sky</p>
        </body>
      </html>,
      { onAllReady: () => pipe(body) },
    )
    const html = Buffer.concat(await chunksOf(body.readable)).toString()
    expect(html).toContain(
      '<link rel="modulepreload" fetchpriority="low" href="/assets/entry.js"/>',
    )
  })
})
