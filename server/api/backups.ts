import type { Readable } from 'node:stream'
import * as API from '../../contracts/endpoints.ts'
import { handle } from './define.ts'

// Scheduled backups and "Export site" (server/services/backups.ts); admin only.

export const exportSite = handle(API.exportSite, {
  heavy: true,
  async handler(_input, { user, services }) {
    const { filename, body } = await services.backups.startExport(user.id)
    return new Response(streamOf(body), {
      headers: {
        'Content-Type': 'application/gzip',
        'Content-Disposition': `attachment; filename="${filename}"`,
      },
    })
  },
})

export const listBackups = handle(API.listBackups, {
  handler: (_input, { services }) => services.backups.list(),
})

/**
 * The archive as the response's body, read as the client takes it. A client that goes away
 * cancels it, which destroys the archive's stream and so stops the backup. (Readable.toWeb can
 * still push into a cancelled stream, which throws outside any handler.)
 */
function streamOf(body: Readable): ReadableStream<Uint8Array> {
  const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { value, done } = await chunks.next()
        if (done) controller.close()
        else controller.enqueue(value)
      },
      cancel() {
        body.destroy()
      },
    },
    { highWaterMark: 0 },
  )
}
