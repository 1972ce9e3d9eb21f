import * as Slot from 'radix-ui/slot'
import { type ComponentPropsWithoutRef, forwardRef, type ReactElement } from 'react'
import { badgeVariants, DEFAULT_BADGE_MAX, formatCount } from '../badge'
import { buttonVariants } from '../button'
import { BellIcon } from '../icons/icons'
import { cn, withSlotContent } from '../lib'
import { Tooltip, TooltipContent, TooltipTrigger } from '../tooltip'

/** The default accessible name: "Notifications" at 0, "Notifications, 120 unread" otherwise. */
export function defaultNotificationLabel(label: string, count: number): string {
  return count > 0 ? `${label}, ${count} unread` : label
}

export interface NotificationBellProps extends Omit<ComponentPropsWithoutRef<'a'>, 'children'> {
  /** Unread count. Hidden at 0; above `max` the badge shows `max+`; the full number is in the name. */
  count?: number
  /** The largest number the badge shows as is. Default 99. */
  max?: number
  /** The visible name (its tooltip) and the start of the accessible name. Default "Notifications". */
  label?: string
  /** Builds the accessible name from the label and the count, for translations. */
  formatLabel?: (label: string, count: number) => string
  /**
   * Render the app's link: `<NotificationBell asChild count={n}><Link to="/notifications" /></NotificationBell>`.
   * Otherwise pass `href`.
   */
  asChild?: boolean
  children?: ReactElement
}

/** A link to the notifications page: a bell with an unread badge (`99+` above 99, hidden at 0). */
export const NotificationBell = forwardRef<HTMLAnchorElement, NotificationBellProps>(
  function NotificationBell(
    {
      count = 0,
      max = DEFAULT_BADGE_MAX,
      label = 'Notifications',
      formatLabel = defaultNotificationLabel,
      asChild = false,
      className,
      children,
      ...props
    },
    ref,
  ) {
    const unread = Math.max(0, Math.floor(Number.isFinite(count) ? count : 0))
    const badge = formatCount(unread, max)
    const content = (
      <>
        <BellIcon aria-hidden className="size-5" />
        {/*
          Decoration for the eye: the link's accessible name carries the exact count ("Notifications,
          120 unread"), so a screen reader never hears "99+" when there are 120.
        */}
        {badge !== null && (
          <span
            aria-hidden
            data-slot="notification-bell-badge"
            className={cn(
              badgeVariants({ variant: 'destructive', size: 'dot' }),
              'pointer-events-none absolute -end-1 -top-1 ring-2 ring-background',
            )}
          >
            {badge}
          </span>
        )}
      </>
    )
    const Comp = asChild ? Slot.Root : 'a'
    return (
      <Tooltip>
        <TooltipTrigger asChild>
          <Comp
            ref={ref}
            data-slot="notification-bell"
            data-count={unread}
            aria-label={formatLabel(label, unread)}
            className={cn(
              buttonVariants({ variant: 'ghost', size: 'icon', tone: 'muted' }),
              'relative',
              className,
            )}
            {...props}
          >
            {asChild ? withSlotContent(children, () => content) : content}
          </Comp>
        </TooltipTrigger>
        <TooltipContent side="bottom">{label}</TooltipContent>
      </Tooltip>
    )
  },
)
