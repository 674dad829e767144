import type { ReactNode } from 'react'
import { cn } from '../../lib/cn.ts'
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
  type HeadingLevel,
} from '../ui/accordion.tsx'

export interface TocEntry {
  id: string
  title: string
  children?: ReadonlyArray<{ id: string; title: string }>
}

/** Plain hash links: the browser scrolls (smoothly, see app.css) and the address stays shareable. */
export function GuideToc({ entries }: { entries: ReadonlyArray<TocEntry> }) {
  return (
    <nav
      aria-label="Table of contents"
      className="rounded-2xl border border-border bg-card p-5 text-sm lg:border-0 lg:bg-transparent lg:p-0"
    >
      <p className="font-display text-xs font-semibold tracking-widest text-muted-foreground uppercase">
        On this page
      </p>
      <ol className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 min-[420px]:grid-cols-2 lg:grid-cols-1">
        {entries.map((entry) => (
          <li key={entry.id}>
            <a
              href={`#${entry.id}`}
              className="block rounded-md py-1 text-foreground/85 transition-colors hover:text-primary lg:border-l-2 lg:border-border lg:py-1.5 lg:pl-3 lg:hover:border-primary"
            >
              {entry.title}
            </a>
            {entry.children && (
              <ol className="hidden lg:block">
                {entry.children.map((child) => (
                  <li key={child.id}>
                    <a
                      href={`#${child.id}`}
                      className="block border-l-2 border-border py-1 pl-6 text-muted-foreground transition-colors hover:border-primary hover:text-primary"
                    >
                      {child.title}
                    </a>
                  </li>
                ))}
              </ol>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}

/** A top-level section of the guide; the id is the anchor its table-of-contents link targets. */
export function GuideSection({
  id,
  title,
  children,
}: {
  id: string
  title: string
  children: ReactNode
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="mt-16 scroll-mt-32 first:mt-0">
      <h2 id={`${id}-heading`} className="mt-0">
        {title}
      </h2>
      {children}
    </section>
  )
}

export interface TelescopeVerdict {
  pros: ReadonlyArray<ReactNode>
  cons: ReadonlyArray<ReactNode>
  recommended: ReadonlyArray<ReactNode>
}

/** One design: its heading, description and Pros / Cons / Recommended, several open at once. */
export function TelescopeType({
  id,
  name,
  level = 3,
  children,
  verdict,
}: {
  id: string
  name: string
  level?: 3 | 4
  children: ReactNode
  verdict: TelescopeVerdict
}) {
  const Heading = `h${level}` as const
  const itemLevel = (level + 1) as HeadingLevel
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="mt-10 scroll-mt-32">
      <Heading id={`${id}-heading`}>{name}</Heading>
      {children}
      <Accordion type="multiple" defaultValue={['pros']} className="my-6">
        <AccordionItem value="pros">
          <AccordionTrigger level={itemLevel}>
            <span className="flex items-center gap-2.5">
              <ProsIcon />
              Pros
            </span>
          </AccordionTrigger>
          <AccordionContent>
            <VerdictList items={verdict.pros} />
          </AccordionContent>
        </AccordionItem>
        <AccordionItem value="cons">
          <AccordionTrigger level={itemLevel}>
            <span className="flex items-center gap-2.5">
              <ConsIcon />
              Cons
            </span>
          </AccordionTrigger>
          <AccordionContent>
            <VerdictList items={verdict.cons} />
          </AccordionContent>
        </AccordionItem>
        <AccordionItem value="recommended">
          <AccordionTrigger level={itemLevel}>
            <span className="flex items-center gap-2.5">
              <StarIcon />
              Recommended
            </span>
          </AccordionTrigger>
          <AccordionContent>
            <VerdictList items={verdict.recommended} />
          </AccordionContent>
        </AccordionItem>
      </Accordion>
    </section>
  )
}

function VerdictList({ items }: { items: ReadonlyArray<ReactNode> }) {
  return (
    <ul className="my-0 space-y-1.5 text-[0.95em] text-foreground/90">
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  )
}

export function Callout({
  tone = 'info',
  title,
  children,
}: {
  tone?: 'info' | 'warning'
  title: string
  children: ReactNode
}) {
  return (
    <aside
      aria-label={title}
      className={cn(
        'my-8 rounded-xl border border-l-4 px-5 py-4',
        tone === 'warning'
          ? 'border-warning/40 border-l-warning bg-warning/10'
          : 'border-accent/30 border-l-accent bg-accent/10',
      )}
    >
      <p
        className={cn(
          'mt-0 mb-2 flex items-center gap-2 font-display font-semibold',
          tone === 'warning' ? 'text-warning' : 'text-accent',
        )}
      >
        {tone === 'warning' ? <WarningIcon /> : <InfoIcon />}
        {title}
      </p>
      <div className="text-[0.95em] [&>:first-child]:mt-0 [&>:last-child]:mb-0">{children}</div>
    </aside>
  )
}

/** A formula set apart from the text, e.g. magnification = focal length ÷ eyepiece. */
export function Formula({ children }: { children: ReactNode }) {
  return (
    <p className="my-6 rounded-xl border border-border bg-muted/60 px-5 py-4 text-center font-display text-[1.05em] font-medium">
      {children}
    </p>
  )
}

function Svg({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={cn('h-5 w-5 shrink-0', className)}
    >
      {children}
    </svg>
  )
}

export function ProsIcon() {
  return (
    <Svg className="text-success">
      <circle cx="12" cy="12" r="9" />
      <path d="M12 8v8M8 12h8" />
    </Svg>
  )
}

export function ConsIcon() {
  return (
    <Svg className="text-error">
      <circle cx="12" cy="12" r="9" />
      <path d="M8 12h8" />
    </Svg>
  )
}

function StarIcon() {
  return (
    <Svg className="text-primary">
      <path d="m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" />
    </Svg>
  )
}

function WarningIcon() {
  return (
    <Svg>
      <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
      <path d="M12 9v4M12 17h.01" />
    </Svg>
  )
}

function InfoIcon() {
  return (
    <Svg>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 16v-4M12 8h.01" />
    </Svg>
  )
}
