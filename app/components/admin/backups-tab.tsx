import { BACKUP_MESSAGES, type BackupRun } from '../../../contracts/backups.ts'
import * as API_PATHS from '../../../contracts/endpoints.ts'
import { settled } from '../../lib/api-result.ts'
import { formatBytes } from '../../lib/format-bytes.ts'
import { useApi } from '../../lib/store.ts'
import { Badge } from '../ui/badge.tsx'
import { Button } from '../ui/button.tsx'
import { Card } from '../ui/card.tsx'
import { LocalDate } from '../ui/local-date.tsx'
import { MessageRow, SkeletonRows, Table, Td, Th } from '../ui/table.tsx'
import { CardList } from './card-list.tsx'

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }
const EXPORT_HREF = `/_api${API_PATHS.exportSite.path}`
const RESULT_LABELS = { ok: 'Succeeded', failed: 'Failed', running: 'Running' } as const

function Result({ run }: { run: BackupRun }) {
  return (
    <Badge
      variant={run.result === 'ok' ? 'success' : run.result === 'failed' ? 'error' : 'secondary'}
    >
      {RESULT_LABELS[run.result]}
    </Badge>
  )
}

/** The scheduled backups, newest first, whether the schedule is on, and "Export site". */
export function BackupsTab() {
  // Fetched again each time the tab is opened: a backup may have run since.
  const list = settled(
    useApi(
      API_PATHS.listBackups,
      {},
      { staleMs: 0, fallbackMessage: BACKUP_MESSAGES.errorLoading },
    ),
  )
  const runs = list.data?.backups
  const schedule = list.data?.schedule
  const error = list.isError ? `${BACKUP_MESSAGES.errorLoading}: ${list.error.message}` : null
  const columns = 3

  return (
    <div className="space-y-6">
      <Card className="space-y-3 p-4 sm:p-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="font-display text-xl font-semibold">Export site</h2>
          <Button asChild>
            <a href={EXPORT_HREF} download>
              Export site
            </a>
          </Button>
        </div>
        <p className="text-sm text-muted-foreground">
          Downloads the whole site — every table and every uploaded file — as one .tar.gz, the
          archive <code>npm run backup</code> writes. A large site may take a while; keep the page
          open until the download ends.
        </p>
      </Card>

      <section aria-labelledby="backups-heading" className="space-y-3">
        <h2 id="backups-heading" className="font-display text-xl font-semibold">
          Scheduled backups
        </h2>
        <p className="text-sm text-muted-foreground" data-testid="backup-schedule">
          {!schedule
            ? '\u00a0'
            : schedule.enabled
              ? `Daily, keeping the last ${schedule.keep}, in ${schedule.location}.`
              : `${BACKUP_MESSAGES.scheduleOff} (set BACKUP_SCHEDULE=daily to make one a day).`}
        </p>
        <div className="hidden sm:block">
          <Table label="Backups">
            <thead>
              <tr>
                <Th>Started</Th>
                <Th>Size</Th>
                <Th>Result</Th>
              </tr>
            </thead>
            <tbody>
              {list.isPending ? (
                <SkeletonRows rows={3} columns={columns} />
              ) : error ? (
                <MessageRow columns={columns} error>
                  {error}
                </MessageRow>
              ) : !runs?.length ? (
                <MessageRow columns={columns}>{BACKUP_MESSAGES.empty}</MessageRow>
              ) : (
                runs.map((run) => (
                  <tr key={run.id} data-testid="backup-row">
                    <Td className="whitespace-nowrap">
                      <LocalDate iso={run.startedAt} options={DATE_TIME} />
                    </Td>
                    <Td className="whitespace-nowrap">
                      {run.bytes === null ? '—' : formatBytes(run.bytes)}
                    </Td>
                    <Td className="min-w-48 break-words">
                      <Result run={run} />
                      {run.error && <span className="mt-1 block text-error">{run.error}</span>}
                    </Td>
                  </tr>
                ))
              )}
            </tbody>
          </Table>
        </div>
        {/* On a phone each backup is a card, so a failure's message has room. */}
        <div className="sm:hidden">
          <CardList
            label="Backups"
            pending={list.isPending}
            error={error}
            empty={runs?.length ? null : BACKUP_MESSAGES.empty}
          >
            {runs?.map((run) => (
              <li key={run.id} data-testid="backup-item" className="space-y-1 px-4 py-3 text-sm">
                <p className="flex flex-wrap items-center gap-2">
                  <Result run={run} />
                  <LocalDate iso={run.startedAt} options={DATE_TIME} />
                  {run.bytes !== null && (
                    <span className="text-muted-foreground">{formatBytes(run.bytes)}</span>
                  )}
                </p>
                {run.error && <p className="break-words text-error">{run.error}</p>}
              </li>
            ))}
          </CardList>
        </div>
      </section>
    </div>
  )
}
