import { buttonVariants } from '@templet/ui/button'
import { type ReactNode, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, NavLink, Outlet } from 'react-router'
import { LanguageSwitcher } from '../components/language-switcher'
import { Logo } from '../components/logo'
import { SkipLink } from '../components/skip-link'

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-2.5 py-2 text-sm font-medium hover:bg-accent ${isActive ? 'text-primary' : 'text-muted-foreground hover:text-foreground'}`

/** The frame of every public page: a top bar with the main links, the page, and a footer with the policies. */
export function PublicLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation()
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="border-b border-border">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 sm:px-6">
          <Link to="/" className="me-auto rounded-md" aria-label={t('publicNav.home')}>
            <Logo />
          </Link>
          <nav
            aria-label={t('app.mainNavigation')}
            className="order-last -mx-2.5 flex w-full flex-wrap md:order-none md:mx-0 md:w-auto"
          >
            <NavLink to="/examplesA" className={navLinkClass}>
              {t('publicNav.examples')}
            </NavLink>
            <NavLink to="/subscription" className={navLinkClass}>
              {t('publicNav.pricing')}
            </NavLink>
            <NavLink to="/about-us" className={navLinkClass}>
              {t('publicNav.about')}
            </NavLink>
            <NavLink to="/contact-us" className={navLinkClass}>
              {t('publicNav.contact')}
            </NavLink>
          </nav>
          <div className="flex items-center gap-2">
            <LanguageSwitcher />
            {/* Both, and the stylesheet shows one (`data-session`): the pre-rendered page is right for every visitor. */}
            <Link to="/dashboard" className={`${buttonVariants()} signed-in-only`}>
              {t('publicNav.dashboard')}
            </Link>
            <Link to="/login" className={`${buttonVariants({ variant: 'ghost' })} signed-out-only`}>
              {t('publicNav.signIn')}
            </Link>
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children ?? (
          <Suspense fallback={null}>
            <Outlet />
          </Suspense>
        )}
      </main>
      <footer className="border-t border-border">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <nav aria-label={t('app.footerNavigation')}>
            <ul className="flex flex-wrap gap-x-4 gap-y-2">
              {(
                [
                  ['/refund', 'footer.refund'],
                  ['/privacy', 'footer.privacy'],
                  ['/terms', 'footer.terms'],
                  ['/subscription', 'footer.subscription'],
                  ['/about-us', 'footer.about'],
                  ['/contact-us', 'footer.contact'],
                ] as const
              ).map(([to, key]) => (
                <li key={to}>
                  <Link
                    to={to}
                    className="rounded-sm underline-offset-4 hover:text-foreground hover:underline"
                  >
                    {t(key)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <p>{t('footer.rights', { year: new Date().getFullYear() })}</p>
        </div>
      </footer>
    </div>
  )
}
