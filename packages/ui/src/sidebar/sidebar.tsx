import { composeEventHandlers, useControllableState } from 'radix-ui/internal'
import * as Slot from 'radix-ui/slot'
import {
  type ComponentPropsWithoutRef,
  type CSSProperties,
  createContext,
  forwardRef,
  type HTMLAttributes,
  type ReactElement,
  type ReactNode,
  type SetStateAction,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react'
import { Button, type ButtonProps } from '../button'
import { DialogCloseButton } from '../dialog'
import { useDirection } from '../direction'
import { MenuIcon, PanelLeftIcon } from '../icons/icons'
import { cn } from '../lib/cn'
import { withSlotContent } from '../lib/slot-content'
import { TruncatedText } from '../lib/truncated-text'
import { useMediaQuery } from '../lib/use-media-query'
import { Sheet, SheetContent, SheetTitle } from '../sheet'
import { Tooltip, TooltipContent, TooltipTrigger } from '../tooltip'
import { matchesShortcut, parseShortcut } from './shortcut'

/** Below this width (px) the sidebar is an overlay drawer; the same value as Tailwind's `md`. */
export const SIDEBAR_MOBILE_BREAKPOINT = 768
const MOBILE_QUERY = `(max-width: ${SIDEBAR_MOBILE_BREAKPOINT - 0.02}px)`
/** The default keyboard shortcut that toggles the sidebar: Ctrl+B, or ⌘B on Apple platforms. */
export const DEFAULT_SIDEBAR_SHORTCUT = 'mod+b'

interface SidebarContextValue {
  /** The id of the element the toggle controls: the rail on desktop, the drawer on phones. */
  id: string
  /** Desktop: narrowed to an icon rail. */
  collapsed: boolean
  setCollapsed: (next: SetStateAction<boolean>) => void
  /** Phones: the drawer is showing. */
  open: boolean
  setOpen: (next: SetStateAction<boolean>) => void
  isMobile: boolean
  /** Collapses or expands on desktop, opens or closes the drawer on phones. */
  toggle: () => void
  /** Width overrides, also applied to the drawer (which is portalled outside the provider). */
  sizeStyle: CSSProperties | undefined
}

const SidebarContext = createContext<SidebarContextValue | null>(null)

/** The sidebar's state and actions; throws outside a `SidebarProvider` (or `AppShell`). */
export function useSidebar(): SidebarContextValue {
  const context = useContext(SidebarContext)
  if (!context) throw new Error('useSidebar must be used inside <SidebarProvider> or <AppShell>.')
  return context
}

/** Like `useSidebar`, but `null` outside a provider (a `Header` used on its own). */
export function useOptionalSidebar(): SidebarContextValue | null {
  return useContext(SidebarContext)
}

/** Where a part is rendered: in the desktop rail (maybe collapsed) or in the phone drawer. */
interface SidebarView {
  collapsed: boolean
  inDrawer: boolean
}
const SidebarViewContext = createContext<SidebarView>({ collapsed: false, inDrawer: false })

function readPersisted(key: string | undefined): boolean | undefined {
  if (!key || typeof window === 'undefined') return undefined
  try {
    const value = window.localStorage.getItem(key)
    return value === 'true' ? true : value === 'false' ? false : undefined
  } catch {
    return undefined // storage disabled (privacy mode, sandboxed iframe)
  }
}

function writePersisted(key: string | undefined, collapsed: boolean) {
  if (!key) return
  try {
    window.localStorage.setItem(key, String(collapsed))
  } catch {
    // Storage full or disabled: the state still works, it is just not remembered.
  }
}

const cssLength = (value: number | string) => (typeof value === 'number' ? `${value}px` : value)

export interface SidebarProviderProps extends HTMLAttributes<HTMLDivElement> {
  /** Desktop: narrowed to an icon rail (controlled). */
  collapsed?: boolean
  /** Desktop: start narrowed. Default false. A value remembered under `persistKey` wins over it. */
  defaultCollapsed?: boolean
  onCollapsedChange?: (collapsed: boolean) => void
  /** Phones: the drawer is showing (controlled). */
  open?: boolean
  /** Phones: start with the drawer showing. Default false. */
  defaultOpen?: boolean
  onOpenChange?: (open: boolean) => void
  /**
   * Remember `collapsed` across reloads in localStorage under this key. Off unless given. It is read
   * synchronously for the first render, so a remembered rail never flashes open.
   */
  persistKey?: string
  /** The key combination that toggles the sidebar, e.g. `mod+b` (default), `ctrl+shift+s`; `false` for none. */
  shortcut?: string | false
  /** Expanded width. Default 250 px (`--ui-sidebar-width`). */
  width?: number | string
  /** Icon-rail width. Default 3.5rem = 56 px (`--ui-sidebar-width-collapsed`). */
  collapsedWidth?: number | string
  /** The id of the sidebar element, for `aria-controls`. Generated when not given. */
  sidebarId?: string
}

/**
 * Holds the sidebar state (desktop `collapsed`, phone `open`) and lays out the sidebar beside the page.
 * `AppShell` renders one; use it directly to build a different layout.
 */
export const SidebarProvider = forwardRef<HTMLDivElement, SidebarProviderProps>(function SidebarProvider(
  {
    collapsed: collapsedProp,
    defaultCollapsed = false,
    onCollapsedChange,
    open: openProp,
    defaultOpen = false,
    onOpenChange,
    persistKey,
    shortcut = DEFAULT_SIDEBAR_SHORTCUT,
    width,
    collapsedWidth,
    sidebarId,
    className,
    style,
    children,
    ...props
  },
  ref,
) {
  const generatedId = useId()
  const id = sidebarId ?? `sidebar-${generatedId.replace(/:/g, '')}`
  const isMobile = useMediaQuery(MOBILE_QUERY)

  // Read once, synchronously, for the first render: a remembered rail never flashes open.
  const [initialCollapsed] = useState(() => readPersisted(persistKey) ?? defaultCollapsed)
  const [collapsed, setCollapsed] = useControllableState({
    prop: collapsedProp,
    defaultProp: initialCollapsed,
    onChange: (next: boolean) => {
      writePersisted(persistKey, next)
      onCollapsedChange?.(next)
    },
  })
  const [open, setOpen] = useControllableState({
    prop: openProp,
    defaultProp: defaultOpen,
    onChange: onOpenChange,
  })

  const isMobileRef = useRef(isMobile)
  isMobileRef.current = isMobile
  const toggle = useCallback(() => {
    if (isMobileRef.current) setOpen((previous) => !previous)
    else setCollapsed((previous) => !previous)
  }, [setCollapsed, setOpen])

  // The drawer belongs to the phone layout: close it when the window grows past the breakpoint.
  useEffect(() => {
    if (!isMobile && open) setOpen(false)
  }, [isMobile, open, setOpen])

  useEffect(() => {
    if (!shortcut) return
    const combo = parseShortcut(shortcut)
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || !matchesShortcut(event, combo)) return
      // Rich-text editors use the same keys (Ctrl+B is bold): leave them alone.
      if (event.target instanceof HTMLElement && event.target.isContentEditable) return
      event.preventDefault()
      toggle()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [shortcut, toggle])

  const sizeStyle = useMemo(() => {
    if (width === undefined && collapsedWidth === undefined) return undefined
    return {
      ...(width !== undefined && { '--ui-sidebar-width': cssLength(width) }),
      ...(collapsedWidth !== undefined && { '--ui-sidebar-width-collapsed': cssLength(collapsedWidth) }),
    } as CSSProperties
  }, [width, collapsedWidth])

  const value = useMemo<SidebarContextValue>(
    () => ({ id, collapsed, setCollapsed, open, setOpen, isMobile, toggle, sizeStyle }),
    [id, collapsed, setCollapsed, open, setOpen, isMobile, toggle, sizeStyle],
  )

  return (
    <SidebarContext.Provider value={value}>
      <div
        ref={ref}
        data-slot="sidebar-wrapper"
        data-sidebar-state={collapsed ? 'collapsed' : 'expanded'}
        style={sizeStyle ? { ...sizeStyle, ...style } : style}
        className={cn('flex min-h-svh w-full', className)}
        {...props}
      >
        {children}
      </div>
    </SidebarContext.Provider>
  )
})

export interface SidebarProps extends HTMLAttributes<HTMLElement> {
  /** The sidebar's accessible name (the landmark, and the drawer's title). Default "Sidebar". */
  label?: string
  /** The drawer's close button name. Default "Close sidebar". */
  closeLabel?: string
}

/**
 * The sidebar: a rail beside the page from 768 px up (collapsible to icons), an overlay drawer from the
 * start edge below. Which one shows is decided by CSS media queries, so the first paint is right; the
 * drawer is only mounted while open.
 */
export const Sidebar = forwardRef<HTMLElement, SidebarProps>(function Sidebar(
  { label = 'Sidebar', closeLabel = 'Close sidebar', className, children, ...props },
  ref,
) {
  const { id, collapsed, open, setOpen, isMobile, sizeStyle } = useSidebar()
  const returnFocusTo = useRef<HTMLElement | null>(null)
  const state = collapsed ? 'collapsed' : 'expanded'
  return (
    <>
      <aside
        ref={ref}
        id={isMobile ? undefined : id}
        aria-label={label}
        data-slot="sidebar"
        data-state={state}
        data-collapsed={collapsed}
        className={cn(
          'group/sidebar sticky top-0 hidden h-svh shrink-0 flex-col overflow-hidden md:flex',
          'w-(--ui-sidebar-width) data-[state=collapsed]:w-(--ui-sidebar-width-collapsed)',
          'border-e border-sidebar-border bg-sidebar text-sidebar-foreground',
          'transition-[width] duration-200 ease-out motion-reduce:transition-none',
          className,
        )}
        {...props}
      >
        {/* On phones the rail is hidden by CSS; its content is not rendered twice. */}
        {!isMobile && (
          <SidebarViewContext.Provider value={{ collapsed, inDrawer: false }}>
            {children}
          </SidebarViewContext.Provider>
        )}
      </aside>
      {isMobile && (
        <Sheet open={open} onOpenChange={setOpen}>
          <SheetContent
            id={id}
            side="start"
            aria-describedby={undefined}
            data-slot="sidebar-drawer"
            showCloseButton={false}
            style={sizeStyle}
            onOpenAutoFocus={() => {
              returnFocusTo.current =
                document.activeElement instanceof HTMLElement ? document.activeElement : null
            }}
            onCloseAutoFocus={(event) => {
              // Back to whatever opened it (the header toggle, usually), as a keyboard user expects.
              event.preventDefault()
              returnFocusTo.current?.focus()
            }}
            surface="sidebar"
          >
            <SheetTitle className="sr-only">{label}</SheetTitle>
            <SidebarViewContext.Provider value={{ collapsed: false, inDrawer: true }}>
              {children}
            </SidebarViewContext.Provider>
            <DialogCloseButton label={closeLabel} surface="sidebar" />
          </SheetContent>
        </Sheet>
      )}
    </>
  )
})

/** The top of the sidebar (a logo, a workspace switcher); as tall as the header, so their borders line up. */
export function SidebarHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      data-slot="sidebar-header"
      className={cn(
        'flex h-(--ui-header-height) shrink-0 items-center gap-2 overflow-hidden border-b border-sidebar-border px-4',
        className,
      )}
      {...props}
    />
  )
}

/** The scrolling middle of the sidebar. */
export function SidebarContent({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      data-slot="sidebar-content"
      className={cn('flex min-h-0 flex-1 flex-col gap-4 overflow-x-hidden overflow-y-auto p-2', className)}
      {...props}
    />
  )
}

/** The bottom of the sidebar. */
export function SidebarFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      data-slot="sidebar-footer"
      className={cn('flex shrink-0 flex-col gap-1 border-t border-sidebar-border p-2', className)}
      {...props}
    />
  )
}

export interface SidebarNavProps extends HTMLAttributes<HTMLElement> {
  /** The navigation landmark's name. Default "Main". */
  label?: string
}

/** A navigation landmark holding a list of `SidebarItem`s and `SidebarGroup`s. */
export const SidebarNav = forwardRef<HTMLElement, SidebarNavProps>(function SidebarNav(
  { label = 'Main', className, children, ...props },
  ref,
) {
  return (
    <nav ref={ref} aria-label={label} data-slot="sidebar-nav" className={className} {...props}>
      <ul data-slot="sidebar-menu" className="flex flex-col gap-0.5">
        {children}
      </ul>
    </nav>
  )
})

export interface SidebarGroupProps extends HTMLAttributes<HTMLLIElement> {
  /** The group's heading; hidden (but still read) while the sidebar is an icon rail. */
  label?: ReactNode
}

/** A titled group of items inside `SidebarNav`. */
export const SidebarGroup = forwardRef<HTMLLIElement, SidebarGroupProps>(function SidebarGroup(
  { label, className, children, ...props },
  ref,
) {
  const headingId = useId()
  return (
    <li ref={ref} data-slot="sidebar-group" className={cn('mt-4 first:mt-0', className)} {...props}>
      {label !== undefined && (
        <div
          id={headingId}
          data-slot="sidebar-group-label"
          className={cn(
            'flex h-8 items-center px-2.5 text-xs font-medium text-sidebar-muted-foreground',
            'group-data-[state=collapsed]/sidebar:sr-only',
          )}
        >
          <TruncatedText>{label}</TruncatedText>
        </div>
      )}
      <ul
        data-slot="sidebar-menu"
        aria-labelledby={label !== undefined ? headingId : undefined}
        className="flex flex-col gap-0.5"
      >
        {children}
      </ul>
    </li>
  )
})

export interface SidebarLinkProps extends Omit<ComponentPropsWithoutRef<'a'>, 'title'> {
  /** An icon before the label (hidden from assistive technology); the only thing shown on the icon rail. */
  icon?: ReactNode
  /** The label. Defaults to the children (or, with `asChild`, the child's children). */
  label?: ReactNode
  /** The current page: highlighted and `aria-current="page"`. The app decides, from its router. */
  active?: boolean
  /** Something after the label, such as a `Badge`; hidden on the icon rail. */
  badge?: ReactNode
  /** The tooltip text on the icon rail. Defaults to the label when it is a string. */
  tooltip?: string
  /**
   * Render the app's link instead of an `<a>`: `<SidebarItem asChild icon={<Inbox />}><Link to="/inbox">Inbox</Link></SidebarItem>`.
   * The child keeps its own props (`to`, `prefetch`…); its children become the label.
   */
  asChild?: boolean
}

/**
 * The link of a navigation item, without its list item: an icon and a label that truncates with an
 * ellipsis (the full text shows on hover). On the icon rail the label becomes a tooltip; in the phone
 * drawer, activating it closes the drawer. Put it in a `SidebarMenuItem` beside a `SidebarItemAction` or a
 * `SidebarSubmenu`; `SidebarItem` is the two together.
 */
export const SidebarLink = forwardRef<HTMLAnchorElement, SidebarLinkProps>(function SidebarLink(
  { icon, label, active = false, badge, tooltip, asChild = false, className, onClick, children, ...props },
  ref,
) {
  const { setOpen } = useSidebar()
  const { collapsed, inDrawer } = useContext(SidebarViewContext)
  const dir = useDirection()
  const [tooltipOpen, setTooltipOpen] = useState(false)

  const content = (text: ReactNode) => (
    <>
      {icon && (
        <span
          aria-hidden
          data-slot="sidebar-item-icon"
          className="flex size-5 shrink-0 items-center justify-center [&_svg:not([class*=size-])]:size-[1.125rem]"
        >
          {icon}
        </span>
      )}
      <TruncatedText className="flex-1 group-data-[state=collapsed]/sidebar:sr-only">{text}</TruncatedText>
      {badge !== undefined && badge !== null && (
        <span
          data-slot="sidebar-item-badge"
          className="ms-auto flex shrink-0 group-data-[state=collapsed]/sidebar:hidden"
        >
          {badge}
        </span>
      )}
    </>
  )
  const childLabel = asChild && isElementWithChildren(children) ? children.props.children : children
  const tooltipText =
    tooltip ?? (typeof label === 'string' ? label : typeof childLabel === 'string' ? childLabel : undefined)

  const Comp = asChild ? Slot.Root : 'a'
  const link = (
    <Comp
      ref={ref}
      data-slot="sidebar-item"
      data-active={active || undefined}
      aria-current={active ? 'page' : undefined}
      // Activating an item navigates: the drawer has done its job (unless the app prevented it).
      onClick={composeEventHandlers(onClick, () => {
        if (inDrawer) setOpen(false)
      })}
      className={className}
      {...props}
    >
      {asChild ? withSlotContent(children, (own) => content(label ?? own)) : content(label ?? children)}
    </Comp>
  )

  // Always wrapped, so toggling the rail does not remount (and unfocus) the link; it opens only on the rail.
  return (
    <Tooltip
      open={collapsed && tooltipOpen && tooltipText !== undefined}
      onOpenChange={(next) => setTooltipOpen(next && collapsed)}
    >
      <TooltipTrigger asChild>{link}</TooltipTrigger>
      {tooltipText !== undefined && (
        <TooltipContent side={dir === 'rtl' ? 'left' : 'right'} sideOffset={10}>
          {tooltipText}
        </TooltipContent>
      )}
    </Tooltip>
  )
})

/**
 * One entry of a sidebar list (`<li>`): a `SidebarLink`, and optionally a `SidebarItemAction` and a
 * `SidebarSubmenu` after it.
 */
export const SidebarMenuItem = forwardRef<HTMLLIElement, HTMLAttributes<HTMLLIElement>>(
  function SidebarMenuItem({ className, ...props }, ref) {
    const { collapsed } = useContext(SidebarViewContext)
    return (
      <li
        ref={ref}
        data-slot="sidebar-menu-item"
        data-rail={collapsed || undefined}
        className={cn('relative', className)}
        {...props}
      />
    )
  },
)

export interface SidebarItemProps extends SidebarLinkProps {}

/** A navigation item: a `SidebarLink` in its own `SidebarMenuItem`. */
export const SidebarItem = forwardRef<HTMLAnchorElement, SidebarItemProps>(function SidebarItem(props, ref) {
  return (
    <SidebarMenuItem>
      <SidebarLink ref={ref} {...props} />
    </SidebarMenuItem>
  )
})

export interface SidebarItemActionProps extends ComponentPropsWithoutRef<'button'> {
  /** The button's accessible name ("Add project"); it has only an icon. */
  label: string
  /** Render the app's own element (a menu trigger, say) with the action's styles. */
  asChild?: boolean
}

/**
 * A small button at the end of a `SidebarMenuItem`, beside its link: "Add project", a "More" menu. Hidden
 * on the icon rail; a sibling of the link, never inside it, so both stay operable.
 */
export const SidebarItemAction = forwardRef<HTMLButtonElement, SidebarItemActionProps>(
  function SidebarItemAction({ label, asChild = false, className, type, children, ...props }, ref) {
    const Comp = asChild ? Slot.Root : 'button'
    return (
      <Comp
        ref={ref}
        type={asChild ? type : (type ?? 'button')}
        aria-label={label}
        data-slot="sidebar-item-action"
        className={className}
        {...props}
      >
        {children}
      </Comp>
    )
  },
)

/**
 * A nested list under an item's link (`<ul>` inside the `SidebarMenuItem`), holding `SidebarItem`s. Hidden
 * on the icon rail, where only the top level shows.
 */
export const SidebarSubmenu = forwardRef<HTMLUListElement, HTMLAttributes<HTMLUListElement>>(
  function SidebarSubmenu({ className, ...props }, ref) {
    return <ul ref={ref} data-slot="sidebar-submenu" className={className} {...props} />
  },
)

function isElementWithChildren(node: ReactNode): node is ReactElement<{ children?: ReactNode }> {
  return typeof node === 'object' && node !== null && 'props' in node
}

export interface SidebarTriggerProps extends ButtonProps {
  /** The button's accessible name. Default "Toggle sidebar". */
  label?: string
}

/**
 * The button that collapses or expands the sidebar on desktop and opens the drawer on phones, with
 * `aria-expanded` and `aria-controls` kept in step.
 */
export const SidebarTrigger = forwardRef<HTMLButtonElement, SidebarTriggerProps>(function SidebarTrigger(
  { label = 'Toggle sidebar', className, onClick, children, ...props },
  ref,
) {
  const { id, collapsed, open, isMobile, toggle } = useSidebar()
  return (
    <Button
      ref={ref}
      variant="ghost"
      size="icon"
      tone="muted"
      aria-label={label}
      aria-controls={id}
      aria-expanded={isMobile ? open : !collapsed}
      data-slot="sidebar-trigger"
      className={className}
      onClick={composeEventHandlers(onClick, toggle)}
      {...props}
    >
      {children ?? (
        <>
          <MenuIcon aria-hidden className="size-5 md:hidden" />
          <PanelLeftIcon aria-hidden className="hidden size-5 md:block rtl:-scale-x-100" />
        </>
      )}
    </Button>
  )
})
