import { useState } from 'react'
import { toast } from 'sonner'
import {
  ADMIN_USER_MESSAGES as M,
  type AdminUser,
  type AdminUserSortField,
} from '../../../contracts/admin-users.ts'
import * as API_PATHS from '../../../contracts/endpoints.ts'
import { callApi } from '../../lib/api.ts'
import { useApiForm } from '../../lib/form.ts'
import { useAuth } from '../../lib/auth.ts'
import { UserAvatar } from '../account/user-avatar.tsx'
import { Button } from '../ui/button.tsx'
import { Dialog, FormActions } from '../ui/dialog.tsx'
import { FormField, fieldProps } from '../ui/form-field.tsx'
import { Input } from '../ui/input.tsx'
import { LocalDate } from '../ui/local-date.tsx'
import { RowMenu } from '../ui/row-menu.tsx'
import { ActionsTd, ActionsTh, MessageRow, SkeletonRows, Table, Td, Th } from '../ui/table.tsx'
import {
  messageOf,
  useAdminUsers,
  useDebounced,
  useRefreshAdmin,
  type UsersQuery,
} from './admin-api.ts'
import { DeleteDialog } from './delete-dialog.tsx'
import { Pager } from './pager.tsx'
import { RoleBadge, UserProfileDialog } from './user-profile-dialog.tsx'

const DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }

function SortHeader({
  label,
  field,
  query,
  onSort,
}: {
  label: string
  field: AdminUserSortField
  query: UsersQuery
  onSort: (field: AdminUserSortField) => void
}) {
  const active = query.sortBy === field
  return (
    <Th aria-sort={active ? (query.sortOrder === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button
        type="button"
        onClick={() => onSort(field)}
        className="inline-flex cursor-pointer items-center gap-1 font-semibold hover:underline"
      >
        {label}
        <span aria-hidden="true" className="text-xs text-muted-foreground">
          {active ? (query.sortOrder === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </Th>
  )
}

export function UsersTab() {
  const auth = useAuth()
  const refresh = useRefreshAdmin()
  const [searchText, setSearchText] = useState('')
  const search = useDebounced(searchText.trim(), 500)
  const [sort, setSort] = useState<Pick<UsersQuery, 'sortBy' | 'sortOrder'>>({
    sortBy: 'createdAt',
    sortOrder: 'desc',
  })
  const [page, setPage] = useState(1)
  const query: UsersQuery = { page, search, ...sort }
  const users = useAdminUsers(query)
  const [form, setForm] = useState<{ user: AdminUser | null } | null>(null)
  const [profileId, setProfileId] = useState<number | null>(null)
  const [deleting, setDeleting] = useState<AdminUser | null>(null)
  const totalPages = users.data && Math.ceil(users.data.total / 10)
  const profileUser = users.data?.users.find((u) => u.id === profileId) ?? null
  const columns = 4
  const me = auth.status === 'authenticated' ? auth.user : null

  function onSort(field: AdminUserSortField) {
    setSort((s) => ({
      sortBy: field,
      sortOrder:
        s.sortBy === field && s.sortOrder === 'asc'
          ? 'desc'
          : field === 'createdAt' && s.sortBy !== field
            ? 'desc'
            : 'asc',
    }))
    setPage(1)
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Input
          type="search"
          aria-label="Search by name or email..."
          placeholder="Search by name or email..."
          value={searchText}
          onChange={(e) => {
            setSearchText(e.target.value)
            setPage(1)
          }}
          className="sm:max-w-xs"
        />
        <Button onClick={() => setForm({ user: null })}>Create User</Button>
      </div>
      <Table label="Users">
        <thead>
          <tr>
            <SortHeader label="User" field="displayName" query={query} onSort={onSort} />
            <Th>Role</Th>
            <SortHeader label="Created At" field="createdAt" query={query} onSort={onSort} />
            <ActionsTh visible />
          </tr>
        </thead>
        <tbody>
          {users.isPending ? (
            <SkeletonRows rows={10} columns={columns} />
          ) : users.isError ? (
            <MessageRow columns={columns} error>
              {M.errorLoading}: {messageOf(users.error, M.unknownError)}
            </MessageRow>
          ) : !users.data.users.length ? (
            <MessageRow columns={columns}>{M.empty}</MessageRow>
          ) : (
            users.data.users.map((user) => (
              <tr key={user.id}>
                <Td>
                  <div className="flex items-center gap-3">
                    <span aria-hidden="true">
                      <UserAvatar
                        name={user.displayName}
                        src={user.avatarUrl}
                        className="h-9 w-9 text-sm"
                      />
                    </span>
                    <div className="min-w-0">
                      <button
                        type="button"
                        onClick={() => setProfileId(user.id)}
                        className="cursor-pointer text-left font-medium hover:underline"
                      >
                        {user.displayName}
                        <span className="sr-only">, open profile</span>
                      </button>
                      <div className="text-xs break-all text-muted-foreground">{user.email}</div>
                    </div>
                  </div>
                </Td>
                <Td>
                  <RoleBadge role={user.role} />
                </Td>
                <Td className="whitespace-nowrap">
                  <LocalDate iso={user.createdAt} options={DATE} />
                </Td>
                <ActionsTd>
                  <RowMenu
                    label={`Actions for ${user.displayName}`}
                    actions={[
                      { label: 'View profile', onSelect: () => setProfileId(user.id) },
                      { label: 'Edit', onSelect: () => setForm({ user }) },
                      ...(me?.id === user.id
                        ? []
                        : [
                            {
                              label: 'Delete',
                              destructive: true,
                              onSelect: () => setDeleting(user),
                            },
                          ]),
                    ]}
                  />
                </ActionsTd>
              </tr>
            ))
          )}
        </tbody>
      </Table>
      <Pager page={page} totalPages={totalPages} onPage={setPage} />

      {form && (
        <UserFormDialog
          user={form.user}
          onClose={() => setForm(null)}
          onSaved={() => refresh('users')}
        />
      )}
      {profileUser && (
        <UserProfileDialog
          user={profileUser}
          onClose={() => setProfileId(null)}
          onChanged={() => refresh('users')}
        />
      )}
      <DeleteDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        title="Delete User"
        message={(user) =>
          `Are you sure you want to delete user "${user.displayName}"? This action cannot be undone.`
        }
        remove={(user) =>
          callApi(API_PATHS.deleteUser, { userId: user.id }, { fallbackMessage: M.deleteFailed })
        }
        resource="users"
        success={M.deleted}
        failure={M.deleteFailed}
      />
    </div>
  )
}

interface UserForm {
  displayName: string
  email: string
  password: string
  role: string
}

function UserFormDialog({
  user,
  onClose,
  onSaved,
}: {
  user: AdminUser | null
  onClose: () => void
  onSaved: () => Promise<unknown>
}) {
  const creating = user === null
  const failed = creating ? M.createFailed : M.updateFailed
  const { form, submit, busy } = useApiForm(
    creating ? API_PATHS.createUser : API_PATHS.updateUser,
    {
      defaultValues: {
        displayName: user?.displayName ?? '',
        email: user?.email ?? '',
        password: '',
        role: user?.role ?? 'user',
      },
      // An edit sends no password: it is changed from the user's profile.
      toInput: ({ password, ...rest }: UserForm) =>
        creating ? { ...rest, password } : { userId: user.id, ...rest },
      fallbackMessage: failed,
      conflict: { field: 'email', message: M.emailTaken },
      onSuccess: async () => {
        await onSaved()
        toast.success(creating ? M.created : M.updated)
        onClose()
      },
      onError: (error) => toast.error(`${failed}: ${messageOf(error, M.unknownError)}`),
    },
  )
  const { errors } = form.formState

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title={creating ? 'Create User' : 'Edit User'}
      description={
        creating
          ? 'The new account signs in with this e-mail and password.'
          : `Change ${user.displayName}'s details.`
      }
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField id="user-display-name" label="Display name" error={errors.displayName?.message}>
          <Input
            autoComplete="off"
            {...fieldProps('user-display-name', errors.displayName?.message)}
            {...form.register('displayName')}
          />
        </FormField>
        <FormField id="user-email" label="Email" error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="off"
            {...fieldProps('user-email', errors.email?.message)}
            {...form.register('email')}
          />
        </FormField>
        {creating && (
          <FormField id="user-password" label="Password" error={errors.password?.message}>
            <Input
              type="password"
              autoComplete="new-password"
              {...fieldProps('user-password', errors.password?.message)}
              {...form.register('password')}
            />
          </FormField>
        )}
        <FormField id="user-role" label="Role" error={errors.role?.message}>
          <Input
            placeholder="e.g. user or admin"
            autoComplete="off"
            {...fieldProps('user-role', errors.role?.message)}
            {...form.register('role')}
          />
        </FormField>
        <FormActions
          onCancel={onClose}
          busy={busy}
          submitLabel={creating ? 'Create User' : 'Save Changes'}
        />
      </form>
    </Dialog>
  )
}
