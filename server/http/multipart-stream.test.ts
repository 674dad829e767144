import { describe, expect, it } from 'vitest'
import { readStreamedForm, StreamedFormError } from './multipart-stream.ts'

const BOUNDARY = 'xYz-boundary'
const TYPE = `multipart/form-data; boundary=${BOUNDARY}`

function body(file: Buffer, options: { fileName?: string; tail?: string } = {}): Buffer {
  return Buffer.concat([
    Buffer.from(
      `preamble\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\n\r\nÉtoiles\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${options.fileName ?? 'm31.fits'}"\r\n` +
        `Content-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(options.tail ?? `\r\n--${BOUNDARY}--\r\n`),
  ])
}

/** The body in pieces of `size` bytes, as a slow connection delivers it. */
function chunked(bytes: Buffer, size: number): ReadableStream<Uint8Array> {
  let at = 0
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close()
      controller.enqueue(new Uint8Array(bytes.subarray(at, at + size)))
      at += size
    },
  })
}

async function collect(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = []
  for await (const chunk of stream) chunks.push(chunk)
  return Buffer.concat(chunks)
}

describe('readStreamedForm', () => {
  // Bytes that look like the start of a boundary, split at every place by the chunk sizes.
  const file = Buffer.concat([
    Buffer.from(`\r\n--${BOUNDARY.slice(0, 5)}\r\n-`),
    Buffer.alloc(3000, 0x2d),
    Buffer.from(`\r\n--${BOUNDARY}x`.slice(0, -2)),
  ])

  it.each([1, 2, 7, 64, 4096])(
    'finds fields and file bytes whatever the chunks (%i bytes)',
    async (size) => {
      const form = await readStreamedForm(chunked(body(file), size), TYPE, { fieldBytes: 1024 })
      expect(form.fields).toEqual({ title: 'Étoiles' })
      expect(form.file?.field).toBe('file')
      expect(form.file?.name).toBe('m31.fits')
      expect((await collect(form.file!.stream())).equals(file)).toBe(true)
    },
  )

  it('fails the file when the body ends before the form does, or a part follows it', async () => {
    const cut = await readStreamedForm(chunked(body(file, { tail: '' }), 100), TYPE, {
      fieldBytes: 1024,
    })
    await expect(collect(cut.file!.stream())).rejects.toEqual(new StreamedFormError('truncated'))
    const late = await readStreamedForm(
      chunked(
        body(file, {
          tail: `\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="x"\r\n\r\ny\r\n--${BOUNDARY}--`,
        }),
        100,
      ),
      TYPE,
      { fieldBytes: 1024 },
    )
    await expect(collect(late.file!.stream())).rejects.toEqual(new StreamedFormError('after-file'))
  })

  it('refuses fields past their budget, a missing boundary and a broken form', async () => {
    await expect(
      readStreamedForm(chunked(body(file), 50), TYPE, { fieldBytes: 4 }),
    ).rejects.toThrow('valid multipart form')
    await expect(
      readStreamedForm(chunked(body(file), 50), 'multipart/form-data', { fieldBytes: 1024 }),
    ).rejects.toThrow('valid multipart form')
    await expect(
      readStreamedForm(chunked(Buffer.from('no boundary here'), 50), TYPE, { fieldBytes: 1024 }),
    ).rejects.toThrow('valid multipart form')
  })

  it('keeps a Windows path as sent and reads RFC 5987 names', async () => {
    const windows = await readStreamedForm(
      chunked(body(file, { fileName: 'C:\\Users\\a\\m31.fits' }), 99),
      TYPE,
      {
        fieldBytes: 1024,
      },
    )
    expect(windows.file?.name).toBe('C:\\Users\\a\\m31.fits')
    const extended = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="x"; filename*=UTF-8''%C3%89toile.pdf\r\n\r\nabc\r\n--${BOUNDARY}--`,
    )
    const form = await readStreamedForm(chunked(extended, 10), TYPE, { fieldBytes: 1024 })
    expect(form.file?.name).toBe('Étoile.pdf')
    expect((await collect(form.file!.stream())).toString()).toBe('abc')
  })
})
