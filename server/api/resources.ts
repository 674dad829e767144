import { Readable } from 'node:stream'
import * as API from '../../contracts/endpoints.ts'
import { byId, created, deleted, updated } from './audit.ts'
import { isAdmin } from '../../contracts/common-constants.ts'
import {
  RESOURCE_DESCRIPTION_MAX,
  RESOURCE_MAX_BYTES,
  RESOURCE_MESSAGES,
  RESOURCE_TITLE_MAX,
} from '../../contracts/resource-constants.ts'
import { jsonBytesFor } from './body-sizes.ts'
import { handle } from './define.ts'

/** The title and description in any script, their part headers and the closing boundary. */
const FIELD_BYTES = jsonBytesFor(RESOURCE_TITLE_MAX + RESOURCE_DESCRIPTION_MAX)
/** The file at its largest, the fields before it, and its own part's headers. */
export const RESOURCE_UPLOAD_BODY_BYTES = RESOURCE_MAX_BYTES + FIELD_BYTES + 4096

export const listResources = handle(API.listResources, {
  handler: (input, { services, user }) => services.resources.list(input, isAdmin(user)),
})

export const uploadResource = handle(API.uploadResource, {
  audit: (input, item) => ({ ...created('resource')(input, item), action: 'upload' }),
  heavy: true,
  maxBodyBytes: RESOURCE_UPLOAD_BODY_BYTES,
  streamed: {
    fieldBytes: FIELD_BYTES,
    // As long as the server gives any request to arrive (server/main.ts): 50 MB at 7 Mbit/s.
    deadlineMs: 60_000,
    tooLargeMessage: RESOURCE_MESSAGES.tooLarge,
    messages: { 'after-file': RESOURCE_MESSAGES.fileLast, truncated: RESOURCE_MESSAGES.truncated },
  },
  handler: (input, { services }) => services.resources.upload(input),
})

export const updateResource = handle(API.updateResource, {
  audit: updated('resource'),
  handler: (input, { services }) => services.resources.update(input),
})

export const deleteResource = handle(API.deleteResource, {
  audit: deleted('resource', byId),
  async handler(input, { services }) {
    await services.resources.remove(input.id)
    return { success: true }
  },
})

export const downloadResource = handle(API.downloadResource, {
  async handler(input, { services }) {
    const download = await services.resources.download(input.id)
    if (download.kind === 'redirect')
      return new Response(null, {
        status: 302,
        headers: { Location: download.url, 'Cache-Control': 'no-store' },
      })
    const headers = new Headers({
      'Content-Type': download.contentType,
      'Content-Disposition': download.disposition,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    })
    if (download.size !== null) headers.set('Content-Length', String(download.size))
    return new Response(Readable.toWeb(download.body) as ReadableStream<Uint8Array>, { headers })
  },
})
