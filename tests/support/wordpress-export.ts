import { closeSync, openSync, writeSync } from 'node:fs'

/** The start of a WXR 1.2 export, as WordPress writes it (Tools → Export → All content). */
export const WXR_HEAD = `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wfw="http://wellformedweb.org/CommentAPI/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
<title>Skywatch</title>
<wp:wxr_version>1.2</wp:wxr_version>
<wp:base_site_url>https://skywatch.example/</wp:base_site_url>
`
export const WXR_TAIL = '</channel>\n</rss>\n'

/** One `<item>`: a published post unless `fields` say otherwise; `extra` goes in as it is. */
export function wxrItem(fields: Record<string, string>, extra = ''): string {
  const all: Record<string, string> = {
    title: '<![CDATA[A post]]>',
    guid: 'https://skywatch.example/?p=1',
    'content:encoded': '<![CDATA[<p>Text.</p>]]>',
    'excerpt:encoded': '<![CDATA[]]>',
    'wp:post_id': '1',
    'wp:post_date_gmt': '<![CDATA[2026-01-01 12:00:00]]>',
    'wp:post_name': '<![CDATA[a-post]]>',
    'wp:status': '<![CDATA[publish]]>',
    'wp:post_type': '<![CDATA[post]]>',
    'wp:post_password': '<![CDATA[]]>',
    ...fields,
  }
  const children = Object.entries(all).map(([name, value]) => `<${name}>${value}</${name}>`)
  return `<item>\n${children.join('\n')}\n${extra}</item>\n`
}

/** What each post of a large export holds: two paragraphs of some 4.8 KB each. */
export const LARGE_WXR_POST_HTML = `<!-- wp:paragraph -->\n${`<p>${'Faint fuzzies & bright doubles under a moonless sky. '.repeat(90)}</p>\n`.repeat(2)}<!-- /wp:paragraph -->`
export const LARGE_WXR_IMAGE = 'https://skywatch.example/wp-content/uploads/night.jpg'

/**
 * Writes a WXR export of `posts` posts ("Night 1" …, tagged "Log", each with the one featured
 * image whose attachment comes last) to `file`; 5,400 posts make some 52 MB.
 */
export function writeWordPressExport(file: string, posts: number): void {
  const fd = openSync(file, 'w')
  try {
    writeSync(fd, WXR_HEAD)
    for (let id = 1; id <= posts; id++) {
      writeSync(
        fd,
        wxrItem(
          {
            guid: `https://skywatch.example/?p=${id}`,
            title: `<![CDATA[Night ${id}]]>`,
            'content:encoded': `<![CDATA[${LARGE_WXR_POST_HTML}]]>`,
            'wp:post_id': String(id),
            'wp:post_name': `night-${id}`,
          },
          `<category domain="post_tag" nicename="log"><![CDATA[Log]]></category>\n<wp:postmeta><wp:meta_key>_thumbnail_id</wp:meta_key><wp:meta_value>${posts + 1}</wp:meta_value></wp:postmeta>\n`,
        ),
      )
    }
    writeSync(
      fd,
      wxrItem({
        'wp:post_id': String(posts + 1),
        'wp:post_type': 'attachment',
        'wp:attachment_url': LARGE_WXR_IMAGE,
      }) + WXR_TAIL,
    )
  } finally {
    closeSync(fd)
  }
}
