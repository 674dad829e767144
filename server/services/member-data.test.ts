import { describe, expect, it } from 'vitest'
import type { MemberDataExport } from '../../contracts/member-data.ts'
import { memberDataJson } from './member-data.ts'

const DATA: Omit<MemberDataExport, 'contactMessages'> = {
  exportedAt: '2026-11-27T01:00:00.000Z',
  account: {
    id: 7,
    email: 'vega@example.com',
    displayName: 'Vega "Alpha" Lyrae',
    role: 'user',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
    hasPassword: true,
  },
  avatar: null,
  linkedAccounts: [],
  sessions: [{ createdAt: 'a', expiresAt: 'b', ip: null, userAgent: 'ua' }],
  newsletterSubscriptions: [],
  homePlace: null,
  auroraAlert: null,
}

const message = (i: number): MemberDataExport['contactMessages'][number] => ({
  name: `Sender ${i}`,
  email: 'vega@example.com',
  subject: `Line\nbreak ${i}`,
  message: 'Clear skies ☾ "quoted"',
  ip: null,
  userAgent: null,
  sentAt: `2026-11-0${i}T00:00:00.000Z`,
})

async function text(messages: MemberDataExport['contactMessages']): Promise<string> {
  let out = ''
  for await (const piece of memberDataJson({
    data: DATA,
    async *contactMessages() {
      yield* messages
    },
  }))
    out += piece
  return out
}

describe('memberDataJson', () => {
  it.each([0, 1, 3])(
    'writes exactly what JSON.stringify would, with %i contact messages',
    async (n) => {
      const messages = Array.from({ length: n }, (_, i) => message(i + 1))
      expect(await text(messages)).toBe(
        JSON.stringify({ ...DATA, contactMessages: messages }, null, 2),
      )
    },
  )
})
