import { useRef, useState } from 'react'
import { toast } from 'sonner'
import {
  CONTACT_INBOX_MESSAGES as M,
  CONTACT_INBOX_PAGE_SIZE,
  type ContactInboxFilter,
  type InboxMessage,
  replyHref,
} from '../../../contracts/contact-messages-constants.ts'
import * as API_PATHS from '../../../contracts/endpoints.ts'
import { callApi } from '../../lib/api.ts'
import { settled } from '../../lib/api-result.ts'
import { useApi } from '../../lib/store.ts'
import { Button } from '../ui/button.tsx'
import { Dialog } from '../ui/dialog.tsx'
import { Input } from '../ui/input.tsx'
import { LocalDate } from '../ui/local-date.tsx'
import { MessageRow, SkeletonRows, Table, Td, Th } from '../ui/table.tsx'
import { CardList } from './card-list.tsx'
import { messageOf, refreshAdmin, useDebounced } from './admin-api.ts'
import { DeleteDialog } from './delete-dialog.tsx'
import { FilterSelect } from './filter-select.tsx'
import { Pager } from './pager.tsx'

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }
const FILTERS = [
  { value: 'unread', label: 'Unread' },
  { value: 'archived', label: 'Archived' },
] as const

/** Said before an unread message's sender: the bold type alone tells a screen reader nothing. */
function UnreadMark({ unread }: { unread: boolean }) {
  if (!unread) return null
  return (
    <>
      <span aria-hidden="true" className="mr-2 inline-block h-2 w-2 rounded-full bg-primary" />
      <span className="sr-only">Unread: </span>
    </>
  )
}

/** The contact form's messages: newest first, searched, filtered; one opened is read. */
export function MessagesTab() {
  const [page, setPage] = useState(1)
  const [filter, setFilter] = useState<ContactInboxFilter>('all')
  const [searchText, setSearchText] = useState('')
  const search = useDebounced(searchText.trim(), 400)
  const list = settled(
    useApi(
      API_PATHS.listContactMessages,
      { page, limit: CONTACT_INBOX_PAGE_SIZE, filter, ...(search ? { search } : {}) },
      { keepPrevious: true, staleMs: 0, fallbackMessage: M.errorLoading },
    ),
  )
  const [opened, setOpened] = useState<InboxMessage | null>(null)
  const [deleting, setDeleting] = useState<InboxMessage | null>(null)
  const deleted = useRef(false)
  const heading = useRef<HTMLHeadingElement>(null)
  const rows = list.data?.messages
  const totalPages = list.data && Math.ceil(list.data.total / CONTACT_INBOX_PAGE_SIZE)
  const columns = 3

  async function open(message: InboxMessage) {
    setOpened(message)
    if (message.readAt) return
    try {
      const { message: read } = await callApi(
        API_PATHS.updateContactMessage,
        { id: message.id, read: true },
        { fallbackMessage: M.updateFailed },
      )
      setOpened((current) => (current?.id === read.id ? read : current))
      await refreshAdmin('messages')
    } catch (error) {
      toast.error(`${M.updateFailed}: ${messageOf(error, 'Unknown error')}`)
    }
  }

  // On a phone the unread mark goes inside, so a long subject wraps after it, not below it.
  const subjectButton = (message: InboxMessage, mark = false) => (
    <button
      type="button"
      onClick={() => void open(message)}
      className="cursor-pointer text-left break-words underline-offset-2 hover:underline"
    >
      {mark && <UnreadMark unread={!message.readAt} />}
      {message.subject}
    </button>
  )

  return (
    <div className="space-y-4">
      <h2 ref={heading} tabIndex={-1} className="font-display text-xl font-semibold outline-none">
        Messages
      </h2>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Input
          type="search"
          aria-label="Search messages"
          placeholder="Search name, e-mail, subject, message..."
          value={searchText}
          maxLength={200}
          onChange={(e) => {
            setSearchText(e.target.value)
            setPage(1)
          }}
          className="sm:max-w-sm"
        />
        <FilterSelect
          label="Show"
          value={filter === 'all' ? '' : filter}
          onChange={(value) => {
            setFilter((value || 'all') as ContactInboxFilter)
            setPage(1)
          }}
          all="All"
          options={FILTERS}
        />
      </div>
      <div className="hidden sm:block">
        <Table label="Messages">
          <thead>
            <tr>
              <Th>From</Th>
              <Th>Subject</Th>
              <Th>Received</Th>
            </tr>
          </thead>
          <tbody>
            {list.isPending ? (
              <SkeletonRows rows={5} columns={columns} />
            ) : list.isError ? (
              <MessageRow columns={columns} error>
                {M.errorLoading}: {list.error.message}
              </MessageRow>
            ) : !rows?.length ? (
              <MessageRow columns={columns}>{M.empty}</MessageRow>
            ) : (
              rows.map((message) => {
                const unread = !message.readAt
                return (
                  <tr
                    key={message.id}
                    data-testid="message-row"
                    data-unread={unread || undefined}
                    className={unread ? 'font-semibold' : undefined}
                  >
                    <Td className="max-w-56">
                      <span className="block truncate">
                        <UnreadMark unread={unread} />
                        {message.name}
                      </span>
                      <span className="block truncate font-normal text-muted-foreground">
                        {message.email}
                      </span>
                    </Td>
                    <Td className="min-w-48">{subjectButton(message)}</Td>
                    <Td className="whitespace-nowrap">
                      <LocalDate iso={message.createdAt} options={DATE_TIME} />
                    </Td>
                  </tr>
                )
              })
            )}
          </tbody>
        </Table>
      </div>
      {/* On a phone each message is a card: a table would hide the subject past its edge. */}
      <div className="sm:hidden">
        <CardList
          label="Messages"
          pending={list.isPending}
          error={list.isError ? `${M.errorLoading}: ${list.error.message}` : null}
          empty={rows?.length ? null : M.empty}
        >
          {rows?.map((message) => {
            const unread = !message.readAt
            return (
              <li
                key={message.id}
                data-testid="message-item"
                data-unread={unread || undefined}
                className={`space-y-1 px-4 py-3 text-sm ${unread ? 'font-semibold' : ''}`}
              >
                <p className="break-words">{subjectButton(message, true)}</p>
                <p className="font-normal break-words text-muted-foreground">
                  {message.name} · {message.email} ·{' '}
                  <LocalDate iso={message.createdAt} options={DATE_TIME} />
                </p>
              </li>
            )
          })}
        </CardList>
      </div>
      <Pager page={page} totalPages={totalPages} onPage={setPage} />
      {opened && (
        <MessageDialog
          message={opened}
          onClose={() => setOpened(null)}
          onDelete={() => setDeleting(opened)}
        />
      )}
      <DeleteDialog
        item={deleting}
        onClose={() => {
          setDeleting(null)
          if (!deleted.current) return
          // The message and its row are gone: focus goes back to the top of the tab.
          deleted.current = false
          setOpened(null)
          setTimeout(() => heading.current?.focus(), 0)
        }}
        title="Delete Message"
        message={(m) =>
          `Are you sure you want to delete the message "${m.subject}" from ${m.name}? This action cannot be undone.`
        }
        remove={async (m) => {
          await callApi(
            API_PATHS.deleteContactMessage,
            { id: m.id },
            { fallbackMessage: M.deleteFailed },
          )
          deleted.current = true
        }}
        resource="messages"
        success={M.deleted}
        failure={M.deleteFailed}
      />
    </div>
  )
}

/** One message in full, with Reply, Archive / Unarchive, Mark as unread and Delete. */
function MessageDialog({
  message,
  onClose,
  onDelete,
}: {
  message: InboxMessage
  onClose: () => void
  onDelete: () => void
}) {
  const [busy, setBusy] = useState(false)

  async function change(input: { read?: boolean; archived?: boolean }, success: string) {
    setBusy(true)
    try {
      await callApi(
        API_PATHS.updateContactMessage,
        { id: message.id, ...input },
        { fallbackMessage: M.updateFailed },
      )
      await refreshAdmin('messages')
      toast.success(success)
      onClose()
    } catch (error) {
      toast.error(`${M.updateFailed}: ${messageOf(error, 'Unknown error')}`)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()} title={message.subject}>
      <div className="space-y-4">
        {/* An address is one long word: it breaks anywhere rather than run past a phone's edge. */}
        <p className="text-sm [overflow-wrap:anywhere]">
          From {message.name} &lt;{message.email}&gt;
        </p>
        <p className="text-sm text-muted-foreground">
          Received <LocalDate iso={message.createdAt} options={DATE_TIME} />
          {message.archivedAt ? ' · Archived' : ''}
        </p>
        <p className="break-words whitespace-pre-wrap" data-testid="message-body">
          {message.message}
        </p>
        <div className="flex flex-wrap gap-2 border-t border-border pt-4">
          <Button asChild>
            <a href={replyHref(message)}>Reply</a>
          </Button>
          <Button
            variant="outline"
            disabled={busy}
            onClick={() =>
              void change(
                { archived: !message.archivedAt },
                message.archivedAt ? M.unarchived : M.archived,
              )
            }
          >
            {message.archivedAt ? 'Unarchive' : 'Archive'}
          </Button>
          {message.readAt && (
            <Button
              variant="outline"
              disabled={busy}
              onClick={() => void change({ read: false }, M.updated)}
            >
              Mark as unread
            </Button>
          )}
          <Button variant="destructive" disabled={busy} onClick={onDelete}>
            Delete
          </Button>
        </div>
      </div>
    </Dialog>
  )
}
