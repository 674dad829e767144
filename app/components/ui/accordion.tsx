import { Accordion as AccordionPrimitive } from 'radix-ui'
import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn.ts'

export type HeadingLevel = 2 | 3 | 4 | 5 | 6

/**
 * Radix Accordion with the site's look. Pass `type="multiple"` to let several items stay open, or
 * `type="single" collapsible` for one at a time. Keyboard support (arrows, Home, End) and the
 * aria-expanded / aria-controls wiring come from Radix.
 */
export function Accordion({ className, ...props }: ComponentProps<typeof AccordionPrimitive.Root>) {
  return (
    <AccordionPrimitive.Root
      className={cn(
        'divide-y divide-border overflow-hidden rounded-xl border border-border bg-card',
        className,
      )}
      {...props}
    />
  )
}

export function AccordionItem({
  className,
  ...props
}: ComponentProps<typeof AccordionPrimitive.Item>) {
  return <AccordionPrimitive.Item className={cn('group/accordion', className)} {...props} />
}

/** The clickable row. `level` sets the heading that wraps it, so it fits the page's outline. */
export function AccordionTrigger({
  className,
  children,
  level = 3,
  ...props
}: ComponentProps<typeof AccordionPrimitive.Trigger> & { level?: HeadingLevel }) {
  const Heading = `h${level}` as const
  return (
    <AccordionPrimitive.Header asChild>
      <Heading className="m-0 flex font-sans text-base">
        <AccordionPrimitive.Trigger
          className={cn(
            'flex flex-1 cursor-pointer items-center justify-between gap-4 px-4 py-3.5 text-left font-semibold text-foreground transition-colors hover:bg-muted/60 focus-visible:outline-offset-[-2px] sm:px-5',
            className,
          )}
          {...props}
        >
          {children}
          <ChevronDown className="h-4 w-4 shrink-0 text-muted-foreground transition-transform duration-200 group-data-[state=open]/accordion:rotate-180" />
        </AccordionPrimitive.Trigger>
      </Heading>
    </AccordionPrimitive.Header>
  )
}

export function AccordionContent({
  className,
  children,
  ...props
}: ComponentProps<typeof AccordionPrimitive.Content>) {
  return (
    <AccordionPrimitive.Content
      className="overflow-hidden data-[state=closed]:animate-accordion-up data-[state=open]:animate-accordion-down"
      {...props}
    >
      <div
        className={cn(
          'px-4 pt-1 pb-4 text-muted-foreground sm:px-5 [&>:first-child]:mt-0 [&>:last-child]:mb-0',
          className,
        )}
      >
        {children}
      </div>
    </AccordionPrimitive.Content>
  )
}

function ChevronDown({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      <path d="m6 9 6 6 6-6" />
    </svg>
  )
}
