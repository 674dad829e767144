import { Tabs } from 'radix-ui'
import type { ReactNode } from 'react'
import { useSearchParams } from 'react-router'

const TRIGGER =
  'cursor-pointer rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap text-muted-foreground transition hover:text-foreground data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm'

/**
 * Tabs whose open tab is in the URL (`?tab=…`), so a reload, Back and a shared link keep it.
 * Each change is a history entry; the default tab has a clean URL.
 */
export function UrlTabs<T extends string>({
  label,
  tabs,
  fallback,
  render,
}: {
  label: string
  /** Each tab's label: text, or text with a count (the Messages tab's unread). */
  tabs: Record<T, ReactNode>
  fallback: T
  render: (tab: T) => ReactNode
}) {
  const [params, setParams] = useSearchParams()
  const asked = params.get('tab') as T | null
  // Own keys only: `?tab=toString` names no tab.
  const tab = asked && Object.hasOwn(tabs, asked) ? asked : fallback
  return (
    <Tabs.Root
      value={tab}
      onValueChange={(value) =>
        setParams(value === fallback ? {} : { tab: value }, { preventScrollReset: true })
      }
    >
      <Tabs.List
        aria-label={label}
        className="mb-6 flex w-full gap-1 overflow-x-auto rounded-xl border border-border bg-muted p-1"
      >
        {(Object.keys(tabs) as T[]).map((value) => (
          <Tabs.Trigger key={value} value={value} className={TRIGGER}>
            {tabs[value]}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {(Object.keys(tabs) as T[]).map((value) => (
        <Tabs.Content
          key={value}
          value={value}
          className="focus-visible:outline-2 focus-visible:outline-ring"
        >
          {value === tab && render(value)}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  )
}
