import { createWriteStream } from 'node:fs'

/**
 * Writes a Ghost 6 export of about `bytes` bytes to `file`: published posts as Ghost exports them
 * (Lexical, HTML and plain text of an article of some 8 KB, each its own date). Answers how many.
 */
export async function writeGhostExport(file: string, bytes: number): Promise<number> {
  let posts = 0
  const out = createWriteStream(file)
  const sentence =
    'The Andromeda galaxy rises in the east after dusk; through binoculars it is a soft oval glow, and a small telescope shows its bright core and, on a dark night, the dust lane along its edge. '
  const paragraphs = Array.from({ length: 40 }, (_, i) => `${sentence}(${i})`)
  const html = paragraphs.map((p) => `<p>${p}</p>`).join('')
  const lexical = JSON.stringify({
    root: {
      children: paragraphs.map((text) => ({
        children: [
          {
            detail: 0,
            format: 0,
            mode: 'normal',
            style: '',
            text,
            type: 'extended-text',
            version: 1,
          },
        ],
        direction: 'ltr',
        format: '',
        indent: 0,
        type: 'paragraph',
        version: 1,
      })),
      direction: 'ltr',
      format: '',
      indent: 0,
      type: 'root',
      version: 1,
    },
  })
  const write = (text: string) =>
    out.write(text) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r()))
  await write('{"db":[{"meta":{"exported_on":1760518800000,"version":"6.3.0"},"data":{"posts":[')
  while (out.bytesWritten + out.writableLength < bytes - 4096) {
    const post = {
      id: `post${posts}`,
      uuid: `00000000-0000-4000-8000-${String(posts).padStart(12, '0')}`,
      title: `Observing log ${posts}`,
      slug: `observing-log-${posts}`,
      mobiledoc: null,
      lexical,
      html,
      plaintext: paragraphs.join('\n\n'),
      feature_image: null,
      type: 'post',
      status: 'published',
      visibility: 'public',
      published_at: new Date(Date.UTC(2020, 0, 1) + posts * 3_600_000).toISOString(),
      custom_excerpt: null,
    }
    await write((posts ? ',' : '') + JSON.stringify(post))
    posts++
  }
  await write('],"tags":[],"posts_tags":[],"posts_meta":[],"users":[],"posts_authors":[]}}]}')
  await new Promise((r) => out.end(r))
  return posts
}

/**
 * Writes a Ghost 6 export of `count` tiny published posts (a title and one short paragraph, some
 * 125 bytes each): the most items for the bytes, which is what an import holds per item.
 */
export async function writeTinyGhostExport(file: string, count: number): Promise<void> {
  const out = createWriteStream(file)
  const write = (text: string) =>
    out.write(text) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r()))
  await write('{"db":[{"meta":{"exported_on":1760518800000,"version":"6.3.0"},"data":{"posts":[')
  for (let i = 0; i < count; i++) {
    const post = {
      id: `tiny${i}`,
      title: `Note ${i}`,
      slug: `note-${i}`,
      html: '<p>Clear.</p>',
      type: 'post',
      status: 'published',
      visibility: 'public',
    }
    await write((i ? ',' : '') + JSON.stringify(post))
  }
  await write('],"tags":[],"posts_tags":[],"users":[],"posts_authors":[]}}]}')
  await new Promise((r) => out.end(r))
}
