/**
 * Pieces for stories only (never exported by the package): a stand-in router link, a sample navigation,
 * a logo and a user. They show how an app plugs its own router and data into the shell.
 */
import {
  BarChart3Icon,
  CreditCardIcon,
  FolderKanbanIcon,
  InboxIcon,
  LayoutDashboardIcon,
  LifeBuoyIcon,
  LogOutIcon,
  SettingsIcon,
  UserIcon,
} from 'lucide-react'
import {
  type AnchorHTMLAttributes,
  createContext,
  forwardRef,
  type ReactNode,
  useContext,
  useState,
} from 'react'
import { AvatarMenu, AvatarMenuItem, AvatarMenuSeparator } from '../avatar-menu'
import { Badge } from '../badge'
import { Header, HeaderTitle } from '../header'
import { NotificationBell } from '../notification-bell'
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarHeader,
  SidebarItem,
  SidebarNav,
} from '../sidebar'
import { Skeleton } from '../skeleton'

interface DemoRouter {
  path: string
  navigate: (to: string) => void
}
const RouterContext = createContext<DemoRouter>({ path: '/dashboard', navigate: () => {} })

/** A minimal in-memory router, standing in for React Router / TanStack Router / Next.js. */
export function DemoRouter({
  initialPath = '/dashboard',
  children,
}: {
  initialPath?: string
  children: ReactNode
}) {
  const [path, setPath] = useState(initialPath)
  return <RouterContext.Provider value={{ path, navigate: setPath }}>{children}</RouterContext.Provider>
}

export function useDemoRouter(): DemoRouter {
  return useContext(RouterContext)
}

/** Like a router's `<Link to>`: renders an <a>, navigates without a page load. */
export const DemoLink = forwardRef<
  HTMLAnchorElement,
  AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }
>(function DemoLink({ to, onClick, ...props }, ref) {
  const { navigate } = useDemoRouter()
  return (
    <a
      ref={ref}
      href={to}
      onClick={(event) => {
        onClick?.(event)
        if (event.defaultPrevented) return
        event.preventDefault()
        navigate(to)
      }}
      {...props}
    />
  )
})

export const demoNav = [
  { to: '/dashboard', label: 'Dashboard', icon: <LayoutDashboardIcon /> },
  { to: '/inbox', label: 'Inbox', icon: <InboxIcon />, count: 12 },
  { to: '/projects', label: 'Projects', icon: <FolderKanbanIcon /> },
  { to: '/reports', label: 'Reports', icon: <BarChart3Icon /> },
]
export const demoAccountNav = [
  { to: '/billing', label: 'Billing', icon: <CreditCardIcon /> },
  { to: '/settings', label: 'Settings', icon: <SettingsIcon /> },
]
export const longLabel = 'Quarterly revenue reports for every region and product line'

export const demoUser = {
  name: 'Ada Lovelace',
  email: 'ada.lovelace@example.com',
  // An inline picture: stories and tests never reach the network.
  image: `data:image/svg+xml;utf8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#818cf8"/><stop offset="1" stop-color="#c084fc"/></linearGradient></defs><rect width="64" height="64" fill="url(#g)"/><circle cx="32" cy="25" r="11" fill="#eef2ff"/><path d="M12 60c2-12 10-19 20-19s18 7 20 19z" fill="#eef2ff"/></svg>`,
  )}`,
}

export function DemoLogo() {
  return (
    <DemoLink
      to="/dashboard"
      className="flex min-w-0 items-center gap-2.5 rounded-md text-foreground no-underline outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span
        aria-hidden
        className="flex size-6 shrink-0 items-center justify-center rounded-md bg-primary text-xs font-bold text-primary-foreground"
      >
        A
      </span>
      <span className="truncate text-[0.9375rem] font-semibold tracking-tight text-foreground group-data-[state=collapsed]/sidebar:sr-only">
        Acme
      </span>
    </DemoLink>
  )
}

/** The sample sidebar: every item is a router link through `asChild`, the current one from the router. */
export function DemoSidebar({
  withLongLabel = false,
  groups = true,
}: {
  withLongLabel?: boolean
  groups?: boolean
}) {
  const { path } = useDemoRouter()
  const nav = withLongLabel
    ? [...demoNav, { to: '/long', label: longLabel, icon: <BarChart3Icon /> }]
    : demoNav
  return (
    <Sidebar>
      <SidebarHeader>
        <DemoLogo />
      </SidebarHeader>
      <SidebarContent>
        <SidebarNav>
          {nav.map((item) => (
            <SidebarItem
              key={item.to}
              asChild
              icon={item.icon}
              active={path === item.to}
              badge={'count' in item ? <Badge variant="secondary" count={item.count} /> : undefined}
            >
              <DemoLink to={item.to}>{item.label}</DemoLink>
            </SidebarItem>
          ))}
          {groups && (
            <SidebarGroup label="Account">
              {demoAccountNav.map((item) => (
                <SidebarItem key={item.to} asChild icon={item.icon} active={path === item.to}>
                  <DemoLink to={item.to}>{item.label}</DemoLink>
                </SidebarItem>
              ))}
            </SidebarGroup>
          )}
        </SidebarNav>
      </SidebarContent>
      <SidebarFooter>
        <SidebarNav label="Help">
          <SidebarItem href="#help" icon={<LifeBuoyIcon />}>
            Help &amp; support
          </SidebarItem>
        </SidebarNav>
      </SidebarFooter>
    </Sidebar>
  )
}

export function DemoAvatarMenu({
  name = demoUser.name,
  email = demoUser.email,
  image = demoUser.image as string | undefined,
  onLogout,
}: {
  name?: string
  email?: string
  image?: string | undefined
  onLogout?: () => void
}) {
  return (
    <AvatarMenu name={name} email={email} image={image}>
      <AvatarMenuItem asChild icon={<UserIcon />}>
        <DemoLink to="/profile">Profile</DemoLink>
      </AvatarMenuItem>
      <AvatarMenuItem asChild icon={<CreditCardIcon />}>
        <DemoLink to="/billing">Billing</DemoLink>
      </AvatarMenuItem>
      <AvatarMenuSeparator />
      <AvatarMenuItem variant="destructive" icon={<LogOutIcon />} onSelect={onLogout}>
        Log out
      </AvatarMenuItem>
    </AvatarMenu>
  )
}

export function DemoHeader({ title, count = 3 }: { title?: string; count?: number }) {
  const { path } = useDemoRouter()
  const current = [...demoNav, ...demoAccountNav].find((item) => item.to === path)
  return (
    <Header
      actions={
        <>
          <NotificationBell asChild count={count}>
            <DemoLink to="/notifications" />
          </NotificationBell>
          <DemoAvatarMenu />
        </>
      }
    >
      <HeaderTitle>{title ?? current?.label ?? 'Page'}</HeaderTitle>
    </Header>
  )
}

/** A plausible page body, so the shell is seen around real-looking content. */
export function DemoPage() {
  const stats = [
    { label: 'Revenue', value: '$48,210', change: '+12.4%' },
    { label: 'Active users', value: '2,318', change: '+4.1%' },
    { label: 'Conversion', value: '3.24%', change: '-0.3%' },
  ]
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 p-4 sm:p-6 lg:p-8">
      <div className="grid gap-4 sm:grid-cols-3">
        {stats.map((stat) => (
          <section
            key={stat.label}
            aria-label={stat.label}
            className="rounded-xl border border-border bg-background p-5 shadow-xs"
          >
            <p className="m-0 text-sm text-muted-foreground">{stat.label}</p>
            <p className="m-0 mt-2 text-2xl font-semibold tracking-tight">{stat.value}</p>
            <p className="m-0 mt-1 text-xs text-muted-foreground">
              <bdi>{stat.change}</bdi> from last month
            </p>
          </section>
        ))}
      </div>
      <section
        aria-label="Recent activity"
        className="rounded-xl border border-border bg-background p-5 shadow-xs"
      >
        <h2 className="m-0 text-sm font-semibold">Recent activity</h2>
        <ul className="m-0 mt-4 flex list-none flex-col gap-4 p-0">
          {[0, 1, 2, 3].map((row) => (
            <li key={row} className="flex items-center gap-3">
              <Skeleton className="size-9 rounded-full" />
              <div className="flex flex-1 flex-col gap-2">
                <Skeleton className="h-3 w-2/5" />
                <Skeleton className="h-3 w-3/5" />
              </div>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
