import { type CSSProperties, forwardRef, type ReactNode } from 'react'
import { type Dir, DirectionProvider } from '../direction'
import { cn } from '../lib'
import { SidebarProvider, type SidebarProviderProps } from '../sidebar'
import { TooltipProvider } from '../tooltip'

export interface AppShellProps extends SidebarProviderProps {
  /** The `Sidebar`. */
  sidebar?: ReactNode
  /** The `Header`. */
  header?: ReactNode
  /** Reading direction. Sets `dir` on the shell and tells the components (also set it on <html>). */
  dir?: Dir
  /** Header height (and the sidebar's top block, so their borders line up). Default 74 px. */
  headerHeight?: number | string
  /** Open delay of every tooltip in the shell, in ms. Default 100. */
  tooltipDelay?: number
  /** The text of the "skip to content" link that keyboard users meet first. Default "Skip to content". */
  skipLinkLabel?: string
  /** The id of the <main> element the skip link jumps to. Default "main-content". */
  mainId?: string
  /** Classes for the <main> element. */
  mainClassName?: string
}

/**
 * The whole frame of a logged-in app: sidebar, header and the page in <main>. Everything that varies
 * (items, labels, counts, the user, links) comes in as props and children; it knows no router or API.
 */
export const AppShell = forwardRef<HTMLDivElement, AppShellProps>(function AppShell(
  {
    sidebar,
    header,
    dir,
    headerHeight,
    tooltipDelay,
    skipLinkLabel = 'Skip to content',
    mainId = 'main-content',
    mainClassName,
    className,
    style,
    children,
    ...providerProps
  },
  ref,
) {
  const shellStyle =
    headerHeight === undefined
      ? style
      : ({
          '--ui-header-height': typeof headerHeight === 'number' ? `${headerHeight}px` : headerHeight,
          ...style,
        } as CSSProperties)
  const shell = (
    <TooltipProvider delayDuration={tooltipDelay}>
      <SidebarProvider
        ref={ref}
        dir={dir}
        data-slot="app-shell"
        style={shellStyle}
        className={cn('bg-background text-foreground', className)}
        {...providerProps}
      >
        <a
          href={`#${mainId}`}
          data-slot="app-shell-skip-link"
          onClick={(event) => {
            // Move focus without touching the URL: a hash change would be a navigation in hash-routed apps.
            const main = document.getElementById(mainId)
            if (!main) return
            event.preventDefault()
            main.focus()
            main.scrollIntoView({ block: 'start' })
          }}
        >
          {skipLinkLabel}
        </a>
        {sidebar}
        <div data-slot="app-shell-inset" className="flex min-w-0 flex-1 flex-col">
          {header}
          <main
            id={mainId}
            tabIndex={-1}
            data-slot="app-shell-main"
            className={cn('flex-1 outline-none', mainClassName)}
          >
            {children}
          </main>
        </div>
      </SidebarProvider>
    </TooltipProvider>
  )
  return dir ? <DirectionProvider dir={dir}>{shell}</DirectionProvider> : shell
})
