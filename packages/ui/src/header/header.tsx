import { forwardRef, type HTMLAttributes, type ReactNode } from 'react'
import { cn } from '../lib'
import { SidebarTrigger, useOptionalSidebar } from '../sidebar'

export interface HeaderProps extends HTMLAttributes<HTMLElement> {
  /**
   * The right-hand side (left in right-to-left): a `NotificationBell`, an `AvatarMenu`, other buttons. When the bar
   * is too narrow for them, those with a name that can be cut (`WorkspaceSwitcher`, `AvatarMenu`, `CreditBalance`)
   * give way, so the bar never overflows.
   */
  actions?: ReactNode
  /** Show the sidebar toggle at the start. Default: when inside a `SidebarProvider`/`AppShell`. */
  showTrigger?: boolean
  /** The sidebar toggle's accessible name. Default "Toggle sidebar". */
  toggleLabel?: string
  /** Height. Default 74 px (`--ui-header-height`). */
  height?: number | string
}

/**
 * The bar above the page: the sidebar toggle, the page's own content (a title, breadcrumbs, search) and
 * the actions slot. Sticks to the top while the page scrolls.
 */
export const Header = forwardRef<HTMLElement, HeaderProps>(function Header(
  { actions, showTrigger, toggleLabel, height, className, style, children, ...props },
  ref,
) {
  const sidebar = useOptionalSidebar()
  const trigger = showTrigger ?? sidebar !== null
  return (
    <header
      ref={ref}
      data-slot="header"
      style={height === undefined ? style : { height, ...style }}
      className={cn(
        'sticky top-0 z-30 flex h-(--ui-header-height) shrink-0 items-center gap-3 border-b border-border',
        'bg-background/85 px-3 text-foreground backdrop-blur-md sm:px-4 md:px-6',
        className,
      )}
      {...props}
    >
      {trigger && (
        <>
          <SidebarTrigger label={toggleLabel} className="-ms-1" />
          <div aria-hidden data-slot="header-separator" className="h-5 w-px shrink-0 bg-border" />
        </>
      )}
      <div data-slot="header-content" className="flex min-w-0 flex-1 items-center gap-2">
        {children}
      </div>
      {actions !== undefined && (
        <div data-slot="header-actions" className="flex min-w-0 items-center gap-1 sm:gap-2">
          {actions}
        </div>
      )}
    </header>
  )
})

/** The page title inside the header: one line, cut with an ellipsis when too long. */
export const HeaderTitle = forwardRef<HTMLHeadingElement, HTMLAttributes<HTMLHeadingElement>>(
  function HeaderTitle({ className, ...props }, ref) {
    return (
      <h1
        ref={ref}
        data-slot="header-title"
        className={cn('min-w-0 truncate text-base font-semibold tracking-tight', className)}
        {...props}
      />
    )
  },
)
