import { readFileSync } from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import {
  ENGINES,
  expectOutcomes,
  productionSite,
  rssMb,
  runAttack,
  signIn,
  type Site,
} from './harness.ts'

/**
 * Anyone can send the contact form under any address, from as many addresses as they have: the
 * messages "sent from" a member's e-mail are not the member's to bound. "Download my data" lists
 * them all, so it must stream them rather than build the whole file in memory.
 */
const MESSAGES = 24_000
const MESSAGE_CHARS = 2_000
/** The file is about 55 MB; a server that built it whole would add several times that. */
const EXPORT_RSS_GROWTH_MB = 40

const MEMBER = { email: 'flooded-member@hostile.example.org', password: 'flooded-member-pass-1' }

/** The process's own DATA_DIR and DATABASE_URL, read from its environment. */
function databaseOf(site: Site): { dataDir: string; url: string | undefined } {
  const environ = readFileSync(`/proc/${site.process.pid}/environ`, 'utf8').split('\0')
  const value = (name: string) =>
    environ.find((e) => e.startsWith(`${name}=`))?.slice(name.length + 1)
  return { dataDir: value('DATA_DIR')!, url: value('DATABASE_URL') }
}

/** Writes the flood straight into the site's database: the contact form would take hours. */
async function floodContactMessages(site: Site, email: string): Promise<void> {
  const { dataDir, url } = databaseOf(site)
  const at = new Date('2026-11-01T00:00:00Z').getTime()
  const row = (i: number) => [
    `Sender ${i}`,
    email,
    `Subject ${i}`,
    `${i} `.padEnd(MESSAGE_CHARS, 'x'),
    '203.0.113.9',
    'flood/1.0',
    new Date(at + i * 1000).toISOString(),
    'sent',
    1,
  ]
  const columns =
    'name, email, subject, message, ip, user_agent, created_at, email_status, email_attempts'
  if (!url) {
    const db = new SQLite(path.join(dataDir, 'site.db'))
    try {
      db.pragma('busy_timeout = 5000')
      const insert = db.prepare(
        `insert into contact_messages (${columns}) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      db.transaction(() => {
        for (let i = 0; i < MESSAGES; i++) insert.run(...row(i))
      })()
    } finally {
      db.close()
    }
    return
  }
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const batch = 500
    for (let start = 0; start < MESSAGES; start += batch) {
      const values: unknown[] = []
      const tuples: string[] = []
      for (let i = start; i < Math.min(start + batch, MESSAGES); i++) {
        const fields = row(i)
        tuples.push(`(${fields.map((_, k) => `$${values.length + k + 1}`).join(', ')})`)
        values.push(...fields)
      }
      await client.query(
        `insert into contact_messages (${columns}) values ${tuples.join(', ')}`,
        values,
      )
    }
  } finally {
    await client.end()
  }
}

describe.each(ENGINES)('%s', (engine) => {
  const site = productionSite(engine)

  it(`a member's data with ${MESSAGES} contact messages under their address streams out whole, in bounded memory`, async () => {
    const s = await site()
    await s.admin('/_api/admin/users/create', {
      ...MEMBER,
      displayName: 'Flooded Member',
      role: 'user',
    })
    await floodContactMessages(s, MEMBER.email)
    const cookie = await signIn(s.port, MEMBER)
    const before = await rssMb(s)
    let text = ''
    const report = await runAttack(
      s,
      `member data download: ${MESSAGES} contact messages of ${MESSAGE_CHARS} characters`,
      async (record) => {
        const res = record(await s.send('/_api/user/export', { cookie, timeoutMs: 110_000 }))
        text = res.text()
      },
      { figures: () => `RSS before ${before} MB, file ${(text.length / 1e6).toFixed(1)} MB` },
    )
    expectOutcomes(report, [200])
    const data = JSON.parse(text) as {
      account: { email: string }
      contactMessages: Array<{ subject: string }>
    }
    expect(data.account.email).toBe(MEMBER.email)
    expect(data.contactMessages).toHaveLength(MESSAGES)
    expect(data.contactMessages.at(-1)!.subject).toBe(`Subject ${MESSAGES - 1}`)
    expect(report.peakRssMb - before, 'resident memory added by the download (MB)').toBeLessThan(
      EXPORT_RSS_GROWTH_MB,
    )
  }, 240_000)
})
