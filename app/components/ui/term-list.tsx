import { cn } from '../../lib/cn.ts'

/** Terms with a line of explanation each, as a definition list. */
export function TermList({
  terms,
  className,
}: {
  terms: ReadonlyArray<readonly [term: string, text: string]>
  className?: string
}) {
  return (
    <dl className={cn('space-y-3 text-sm', className)}>
      {terms.map(([term, text]) => (
        <div key={term}>
          <dt className="font-medium">{term}</dt>
          <dd className="text-muted-foreground">{text}</dd>
        </div>
      ))}
    </dl>
  )
}
