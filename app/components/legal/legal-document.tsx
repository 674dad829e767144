import type { ReactNode } from 'react'

/** Both legal pages carry the date of their last revision (the spec's). */
export const LEGAL_LAST_UPDATED = 'August 26, 2024'

export function LegalDocument({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-12 md:py-16">
      <header className="border-b border-border pb-8">
        <h1 className="font-display text-4xl font-bold tracking-tight md:text-5xl">{title}</h1>
        <p className="mt-3 text-sm text-muted-foreground">Last updated: {LEGAL_LAST_UPDATED}</p>
      </header>
      <div className="prose-content mt-10">{children}</div>
    </article>
  )
}

/** A numbered section; its id makes it linkable (/privacy#cookies). */
export function LegalSection({
  id,
  number,
  title,
  children,
}: {
  id: string
  number: number
  title: string
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id} className="mt-12 first:mt-0">
      <h2 id={id} className="mt-0">
        <span className="text-primary">{number}.</span> {title}
      </h2>
      {children}
    </section>
  )
}
