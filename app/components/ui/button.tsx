import { cloneElement, isValidElement, type ComponentProps, type ReactElement } from 'react'
import { cn } from '../../lib/cn.ts'

const VARIANTS = {
  primary: 'bg-primary text-primary-foreground hover:bg-primary-hover',
  secondary: 'bg-muted text-foreground hover:bg-border',
  outline: 'border border-border bg-transparent hover:bg-muted',
  ghost: 'bg-transparent hover:bg-muted',
  destructive: 'bg-error text-background hover:bg-error-hover',
  youtube: 'bg-[#e62117] text-white hover:bg-[#c41a12]',
  discord: 'bg-[#5865f2] text-white hover:bg-[#4752c4]',
} as const

const SIZES = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'h-10 w-10',
} as const

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: keyof typeof VARIANTS
  size?: keyof typeof SIZES
  asChild?: boolean
}

type ChildProps = Record<string, unknown> & { className?: string }

/**
 * With `asChild` the one child element (a link, say) gets the button's look and props; the
 * child's own class names and event handlers are kept (each handler runs before the button's).
 */
function slotProps(child: ReactElement<ChildProps>, props: ChildProps): ChildProps {
  const merged: ChildProps = { ...props }
  for (const [key, own] of Object.entries(child.props)) {
    const given = props[key]
    if (/^on[A-Z]/.test(key) && typeof own === 'function' && typeof given === 'function') {
      merged[key] = (...args: unknown[]) => {
        own(...args)
        given(...args)
      }
    } else if (key === 'className') {
      merged.className = cn(props.className, own as string)
    } else if (given === undefined) {
      merged[key] = own
    }
  }
  return merged
}

export function Button({
  variant = 'primary',
  size = 'md',
  asChild,
  className,
  type,
  children,
  ...props
}: ButtonProps) {
  const classes = cn(
    'inline-flex cursor-pointer items-center justify-center gap-2 rounded-lg font-medium whitespace-nowrap transition disabled:pointer-events-none disabled:opacity-50',
    VARIANTS[variant],
    SIZES[size],
    className,
  )
  if (asChild && isValidElement<ChildProps>(children)) {
    return cloneElement(children, slotProps(children, { ...props, className: classes }))
  }
  return (
    <button type={type ?? 'button'} className={classes} {...props}>
      {children}
    </button>
  )
}
