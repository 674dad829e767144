import { DropdownMenu as M } from 'radix-ui'

export interface RowAction {
  label: string
  onSelect: () => void
  destructive?: boolean
}

/** A row's action menu: opens with Enter, Space or the arrow keys; arrows move, Escape closes. */
export function RowMenu({ label, actions }: { label: string; actions: RowAction[] }) {
  return (
    <M.Root modal={false}>
      <M.Trigger
        aria-label={label}
        className="inline-flex h-9 w-9 cursor-pointer items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" fill="currentColor">
          <circle cx="5" cy="12" r="2" />
          <circle cx="12" cy="12" r="2" />
          <circle cx="19" cy="12" r="2" />
        </svg>
      </M.Trigger>
      <M.Portal>
        <M.Content
          align="end"
          sideOffset={4}
          className="z-[70] min-w-36 rounded-lg border border-border bg-background p-1 text-sm text-foreground shadow-lg"
        >
          {actions.map((action) => (
            <M.Item
              key={action.label}
              onSelect={action.onSelect}
              className={
                'cursor-pointer rounded-md px-3 py-2 outline-none data-[highlighted]:bg-muted ' +
                (action.destructive ? 'text-error' : '')
              }
            >
              {action.label}
            </M.Item>
          ))}
        </M.Content>
      </M.Portal>
    </M.Root>
  )
}
