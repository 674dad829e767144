import { describe, expect, it } from 'vitest'
import { bodyOf, readBody } from './response-body.ts'

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk)
      controller.close()
    },
  })
}

describe('reading a response body', () => {
  it('hands on a body that comes as one chunk without copying it', async () => {
    const page = Buffer.from('<!doctype html><p>Orion</p>')
    const body = await readBody(new Response(streamOf([page])))
    expect(body.toString()).toBe('<!doctype html><p>Orion</p>')
    expect(body.buffer).toBe(page.buffer)
  })

  it('joins a body that comes in parts, once', async () => {
    const parts = ['<p>Ursa ', 'Major</p>', '<p>Lyra</p>'].map((s) => Buffer.from(s))
    const body = await readBody(new Response(streamOf(parts)))
    expect(body.toString()).toBe('<p>Ursa Major</p><p>Lyra</p>')
  })

  it('reads text bodies and empty ones', async () => {
    expect((await readBody(new Response('{"ok":true}'))).toString()).toBe('{"ok":true}')
    expect((await readBody(new Response(null))).length).toBe(0)
  })

  it('gives a Buffer to a response without copying it', async () => {
    const bytes = Buffer.from('Andromeda')
    const view = bodyOf(bytes)
    expect(view.buffer).toBe(bytes.buffer)
    expect(view.byteOffset).toBe(bytes.byteOffset)
    expect(await new Response(view).text()).toBe('Andromeda')
  })
})
