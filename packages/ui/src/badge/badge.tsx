import { cva, type VariantProps } from 'class-variance-authority'
import * as Slot from 'radix-ui/slot'
import { type ComponentPropsWithoutRef, forwardRef } from 'react'
import { cn } from '../lib'

export const badgeVariants = cva(
  [
    'inline-flex w-fit shrink-0 items-center justify-center gap-1 overflow-hidden whitespace-nowrap',
    'rounded-full border border-transparent font-medium tabular-nums',
    '[&>svg]:pointer-events-none [&>svg]:size-3',
  ],
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground',
        secondary: 'bg-secondary text-secondary-foreground',
        destructive: 'bg-destructive text-destructive-foreground',
        outline: 'border-border text-foreground',
      },
      /** `count` for a number (set by `count`), `dot` for the small count on an icon (the bell's). */
      size: {
        default: 'px-2 py-0.5 text-xs',
        count: 'min-w-5 px-1.5 py-0.5 text-xs',
        dot: 'h-[1.125rem] min-w-[1.125rem] px-1 text-[0.6875rem] leading-none',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
)

/** The default overflow: counts above it show as `99+`. */
export const DEFAULT_BADGE_MAX = 99

/**
 * The text a count badge shows: `null` for zero or less (nothing to show), `max+` above `max`.
 * `formatCount(120) === '99+'`, `formatCount(0) === null`.
 */
export function formatCount(count: number, max: number = DEFAULT_BADGE_MAX): string | null {
  if (!Number.isFinite(count) || count <= 0) return null
  const whole = Math.floor(count)
  return whole > max ? `${max}+` : String(whole)
}

export interface BadgeProps extends ComponentPropsWithoutRef<'span'>, VariantProps<typeof badgeVariants> {
  /** Show a number instead of children: hidden at 0, `max+` above `max`. */
  count?: number
  /** The largest count shown as is. Default 99. */
  max?: number
  asChild?: boolean
}

/** A small label, or a count (`count` / `max`) that hides itself at zero and caps at `99+`. */
export const Badge = forwardRef<HTMLSpanElement, BadgeProps>(function Badge(
  { className, variant, size, count, max = DEFAULT_BADGE_MAX, asChild = false, children, ...props },
  ref,
) {
  const text = count === undefined ? undefined : formatCount(count, max)
  if (text === null) return null
  const Comp = asChild ? Slot.Root : 'span'
  return (
    <Comp
      ref={ref}
      data-slot="badge"
      className={cn(
        badgeVariants({ variant, size: size ?? (count !== undefined ? 'count' : 'default') }),
        className,
      )}
      {...props}
    >
      {text ?? children}
    </Comp>
  )
})
