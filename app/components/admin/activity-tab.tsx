import { useState } from 'react'
import {
  ACTIVITY_KIND_LABELS,
  ACTIVITY_KINDS,
  ACTIVITY_MESSAGES,
  ACTIVITY_PAGE_SIZE,
  type ActivityKind,
} from '../../../contracts/activity-constants.ts'
import * as API_PATHS from '../../../contracts/endpoints.ts'
import { settled } from '../../lib/api-result.ts'
import { useApi } from '../../lib/store.ts'
import { LocalDate } from '../ui/local-date.tsx'
import { MessageRow, SkeletonRows, Table, Td, Th } from '../ui/table.tsx'
import { CardList } from './card-list.tsx'
import { FilterSelect } from './filter-select.tsx'
import { Pager } from './pager.tsx'

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }
/** The audit log: what each admin changed, newest first, by admin and by kind. */
export function ActivityTab() {
  const [page, setPage] = useState(1)
  const [adminId, setAdminId] = useState('')
  const [kind, setKind] = useState<ActivityKind | ''>('')
  // Fetched again each time the tab is opened: other tabs' changes add entries.
  const list = settled(
    useApi(
      API_PATHS.listActivity,
      {
        page,
        limit: ACTIVITY_PAGE_SIZE,
        ...(adminId ? { adminId: Number(adminId) } : {}),
        ...(kind ? { kind } : {}),
      },
      { keepPrevious: true, staleMs: 0, fallbackMessage: ACTIVITY_MESSAGES.errorLoading },
    ),
  )
  const admins = settled(
    useApi(API_PATHS.listActivityAdmins, {}, { staleMs: 0, fallbackMessage: 'Failed to load' }),
  )
  const rows = list.data?.entries
  // A new filter starts again at the first page.
  const refilter = (set: (value: string) => void) => (value: string) => {
    set(value)
    setPage(1)
  }
  const columns = 4

  return (
    <div className="space-y-4">
      <h2 className="font-display text-xl font-semibold">Activity</h2>
      <div className="flex flex-col gap-3 sm:flex-row">
        <FilterSelect
          label="Filter by admin"
          value={adminId}
          onChange={refilter(setAdminId)}
          all="All admins"
          options={(admins.data?.admins ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
        />
        <FilterSelect
          label="Filter by kind"
          value={kind}
          onChange={refilter((value) => setKind(value as ActivityKind | ''))}
          all="All kinds"
          options={ACTIVITY_KINDS.map((k) => ({ value: k, label: ACTIVITY_KIND_LABELS[k] }))}
        />
      </div>
      <div className="hidden sm:block">
        <Table label="Activity">
          <thead>
            <tr>
              <Th>Time</Th>
              <Th>Admin</Th>
              <Th>Change</Th>
              <Th>Summary</Th>
            </tr>
          </thead>
          <tbody>
            {list.isPending ? (
              <SkeletonRows rows={5} columns={columns} />
            ) : list.isError ? (
              <MessageRow columns={columns} error>
                {ACTIVITY_MESSAGES.errorLoading}: {list.error.message}
              </MessageRow>
            ) : !rows?.length ? (
              <MessageRow columns={columns}>{ACTIVITY_MESSAGES.empty}</MessageRow>
            ) : (
              rows.map((entry) => (
                <tr key={entry.id} data-testid="activity-row">
                  <Td className="whitespace-nowrap">
                    <LocalDate iso={entry.at} options={DATE_TIME} />
                  </Td>
                  <Td className="whitespace-nowrap">{entry.adminName}</Td>
                  <Td className="whitespace-nowrap">
                    <span className="font-medium">{ACTIVITY_KIND_LABELS[entry.kind]}</span>
                    <span className="block text-muted-foreground">{entry.action}</span>
                  </Td>
                  <Td className="min-w-48 break-words">{entry.summary}</Td>
                </tr>
              ))
            )}
          </tbody>
        </Table>
      </div>
      {/* On a phone each entry is a card: a table would hide the summary past its edge. */}
      <div className="sm:hidden">
        <CardList
          label="Activity"
          pending={list.isPending}
          error={list.isError ? `${ACTIVITY_MESSAGES.errorLoading}: ${list.error.message}` : null}
          empty={rows?.length ? null : ACTIVITY_MESSAGES.empty}
        >
          {rows?.map((entry) => (
            <li key={entry.id} data-testid="activity-item" className="space-y-1 px-4 py-3 text-sm">
              <p className="font-medium break-words">{entry.summary}</p>
              <p className="text-muted-foreground">
                {ACTIVITY_KIND_LABELS[entry.kind]} · {entry.action} · {entry.adminName} ·{' '}
                <LocalDate iso={entry.at} options={DATE_TIME} />
              </p>
            </li>
          ))}
        </CardList>
      </div>
      <Pager page={page} totalPages={list.data?.pagination.totalPages} onPage={setPage} />
    </div>
  )
}
