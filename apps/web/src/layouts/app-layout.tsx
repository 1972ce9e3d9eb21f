import { useQuery } from '@tanstack/react-query'
import { AppShell } from '@templet/ui/app-shell'
import { AvatarMenu, AvatarMenuItem, AvatarMenuSeparator } from '@templet/ui/avatar-menu'
import { Header } from '@templet/ui/header'
import { NotificationBell } from '@templet/ui/notification-bell'
import { Sidebar, SidebarContent, SidebarHeader, SidebarItem, SidebarNav } from '@templet/ui/sidebar'
import { Skeleton } from '@templet/ui/skeleton'
import {
  Bell,
  CreditCard,
  History,
  Images,
  ImageUp,
  KeyRound,
  Layers,
  LayoutDashboard,
  LayoutTemplate,
  LogOut,
  Palette,
  Receipt,
  UserCog,
  Users,
} from 'lucide-react'
import { type ReactNode, Suspense, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Outlet, useLocation, useNavigate } from 'react-router'
import { VerifyEmailBanner } from '../account/verify-banner'
import { api } from '../api/client'
import { myInfoQuery, unreadCountQuery } from '../api/queries'
import { queryClient } from '../api/query-client'
import { HeaderBalance } from '../checkout/header-balance'
import { LanguageSwitcher } from '../components/language-switcher'
import { Logo } from '../components/logo'
import { loadToasterModule } from '../feedback/toaster'
import { useLiveNotifications } from '../live/use-live-notifications'
import { endSession } from '../session/session'
import { TeamSwitcher } from '../teams/team-switcher'

/** The sidebar entries, in the product's order (docs/product.md#the-signed-in-layout). */
const entries = [
  { to: '/dashboard', key: 'nav.dashboard', icon: <LayoutDashboard /> },
  { to: '/templates', key: 'nav.templates', icon: <LayoutTemplate /> },
  { to: '/creation', key: 'nav.creation', icon: <Images /> },
  { to: '/pricing-plans', key: 'nav.pricingPlans', icon: <CreditCard /> },
  { to: '/purchase-history', key: 'nav.purchaseHistory', icon: <Receipt /> },
  { to: '/notifications', key: 'nav.notifications', icon: <Bell /> },
] as const

/** Remembers the desktop rail's collapsed state across reloads. */
export const SIDEBAR_COLLAPSED_KEY = 'templet.sidebar.collapsed'

function isCurrent(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`)
}

/** The logged-in frame: sidebar, header with the bell and the account menu, and the screen. */
export function AppLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const { data: user } = useQuery(myInfoQuery())
  const { data: unread = 0 } = useQuery(unreadCountQuery())
  const loggingOut = useRef(false)
  const stopLive = useLiveNotifications()
  // A toast must show even when the network is gone by then: have the toaster's module at hand.
  useEffect(() => {
    void loadToasterModule()
  }, [])

  async function logout() {
    if (loggingOut.current) return
    loggingOut.current = true
    stopLive()
    try {
      await api.call('logout')
    } catch {
      // Best effort: the local session ends whatever the server says.
    }
    endSession({ byChoice: true })
    await navigate('/', { replace: true })
    // After the screens that read it are gone: the next account starts with nothing cached.
    queryClient.clear()
  }

  const sidebar = (
    <Sidebar label={t('app.mainNavigation')} closeLabel={t('nav.closeMenu')}>
      <SidebarHeader>
        {/* Named after the words shown first, then where it goes (WCAG 2.5.3, label in name). */}
        <Link to="/dashboard" className="rounded-md" aria-label={`Templet, ${t('nav.dashboard')}`}>
          <Logo />
        </Link>
      </SidebarHeader>
      <SidebarContent>
        <SidebarNav label={t('app.mainNavigation')}>
          {entries.map((entry) => (
            <SidebarItem key={entry.to} asChild icon={entry.icon} active={isCurrent(pathname, entry.to)}>
              <Link to={entry.to}>{t(entry.key)}</Link>
            </SidebarItem>
          ))}
        </SidebarNav>
      </SidebarContent>
    </Sidebar>
  )

  const header = (
    <Header
      toggleLabel={t('nav.toggleSidebar')}
      actions={
        <>
          <TeamSwitcher personName={user?.name ?? ''} />
          <LanguageSwitcher compact />
          <HeaderBalance />
          <NotificationBell
            asChild
            count={unread}
            label={t('nav.notifications')}
            formatLabel={(label, count) => (count > 0 ? t('nav.notificationsUnread', { count }) : label)}
          >
            <Link to="/notifications" />
          </NotificationBell>
          <AvatarMenu
            name={user?.name ?? ''}
            email={user?.email}
            label={t('nav.account')}
            className="shrink-0"
          >
            <AvatarMenuItem asChild>
              <Link to="/creation">
                <History aria-hidden="true" />
                {t('nav.creation')}
              </Link>
            </AvatarMenuItem>
            <AvatarMenuItem asChild>
              <Link to="/purchase-history">
                <Receipt aria-hidden="true" />
                {t('nav.purchaseHistory')}
              </Link>
            </AvatarMenuItem>
            <AvatarMenuItem asChild>
              <Link to="/templates/mine">
                <LayoutTemplate aria-hidden="true" />
                {t('designer.nav.mine')}
              </Link>
            </AvatarMenuItem>
            <AvatarMenuItem asChild>
              <Link to="/brand-kit">
                <Palette aria-hidden="true" />
                {t('designer.nav.brandKit')}
              </Link>
            </AvatarMenuItem>
            <AvatarMenuItem asChild>
              <Link to="/bulk">
                <Layers aria-hidden="true" />
                {t('nav.bulk')}
              </Link>
            </AvatarMenuItem>
            <AvatarMenuItem asChild>
              <Link to="/uploads">
                <ImageUp aria-hidden="true" />
                {t('nav.uploads')}
              </Link>
            </AvatarMenuItem>
            <AvatarMenuItem asChild>
              <Link to="/teams">
                <Users aria-hidden="true" />
                {t('nav.teams')}
              </Link>
            </AvatarMenuItem>
            <AvatarMenuItem asChild>
              <Link to="/developer">
                <KeyRound aria-hidden="true" />
                {t('nav.developer')}
              </Link>
            </AvatarMenuItem>
            <AvatarMenuItem asChild>
              <Link to="/account">
                <UserCog aria-hidden="true" />
                {t('account.settings.menu')}
              </Link>
            </AvatarMenuItem>
            <AvatarMenuSeparator />
            <AvatarMenuItem onSelect={() => void logout()}>
              <LogOut aria-hidden="true" />
              {t('nav.logout')}
            </AvatarMenuItem>
          </AvatarMenu>
        </>
      }
    >
      {/* Below 380 px the header's room goes to the balance and the actions; the drawer has the logo too. */}
      <Link
        to="/dashboard"
        className="rounded-md max-[379px]:hidden md:hidden"
        aria-label={t('nav.dashboard')}
      >
        <Logo showName={false} />
      </Link>
    </Header>
  )

  return (
    <AppShell
      sidebar={sidebar}
      header={header}
      persistKey={SIDEBAR_COLLAPSED_KEY}
      skipLinkLabel={t('app.skipToContent')}
      mainId="main"
      mainClassName="px-4 py-6 sm:px-6 lg:px-8"
    >
      <div className="mx-auto w-full max-w-6xl">
        <VerifyEmailBanner />
        {children ?? (
          <Suspense fallback={<ScreenSkeleton />}>
            <Outlet />
          </Suspense>
        )}
      </div>
    </AppShell>
  )
}

/** While a screen's code loads. */
function ScreenSkeleton() {
  return (
    <div aria-hidden="true">
      <Skeleton className="mb-6 h-8 w-48" />
      <Skeleton className="h-40" />
    </div>
  )
}
