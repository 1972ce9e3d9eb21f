import { type ComponentType, lazy, type ReactNode, Suspense, useEffect } from 'react'
import { Route, Routes, useLocation } from 'react-router'
import { RootLayout } from '../layouts/root-layout'
import { isCheckoutPath, RedirectSignedIn, RequireSession } from './guard'

/**
 * Each screen is its own chunk; `load` is kept so the first screen can be fetched before React asks. A
 * screen's key is its module's file name in camelCase (`publicLayout`: layouts/public-layout.tsx), which
 * scripts/prerender.mjs relies on to preload a pre-rendered page's chunks (and checks).
 */
// biome-ignore lint/suspicious/noExplicitAny: any component type; its own props stay checked at the use site.
function screen<M extends Record<K, ComponentType<any>>, K extends keyof M>(load: () => Promise<M>, name: K) {
  return { load, Component: lazy(() => load().then((module) => ({ default: module[name] }))) }
}

const screens = {
  publicLayout: screen(() => import('../layouts/public-layout'), 'PublicLayout'),
  appLayout: screen(() => import('../layouts/app-layout'), 'AppLayout'),
  landing: screen(() => import('../pages/landing'), 'LandingPage'),
  login: screen(() => import('../pages/login'), 'LoginPage'),
  register: screen(() => import('../pages/register'), 'RegisterPage'),
  legal: screen(() => import('../pages/legal'), 'LegalPage'),
  subscription: screen(() => import('../pages/subscription'), 'SubscriptionPage'),
  contact: screen(() => import('../pages/contact'), 'ContactPage'),
  about: screen(() => import('../pages/about'), 'AboutPage'),
  examples: screen(() => import('../pages/examples'), 'ExamplesPage'),
  checkout: screen(() => import('../pages/checkout'), 'CheckoutPage'),
  dashboard: screen(() => import('../pages/dashboard'), 'DashboardPage'),
  templates: screen(() => import('../pages/templates'), 'TemplatesPage'),
  creation: screen(() => import('../pages/creation'), 'CreationPage'),
  pricingPlans: screen(() => import('../pages/pricing-plans'), 'PricingPlansPage'),
  purchaseHistory: screen(() => import('../pages/purchase-history'), 'PurchaseHistoryPage'),
  notifications: screen(() => import('../pages/notifications'), 'NotificationsPage'),
  notFound: screen(() => import('../pages/not-found'), 'CatchAllPage'),
}
type ScreenName = keyof typeof screens

const publicPaths: Record<string, ScreenName> = {
  '/': 'landing',
  '/login': 'login',
  '/register': 'register',
  '/refund': 'legal',
  '/privacy': 'legal',
  '/terms': 'legal',
  '/subscription': 'subscription',
  '/contact-us': 'contact',
  '/about-us': 'about',
  '/examplesA': 'examples',
  '/examplesB': 'examples',
  '/examplesC': 'examples',
}
/** The public pages pre-rendered at build time (every public path without parameters). */
export const PRERENDERED_PATHS = Object.keys(publicPaths)

const appPaths: Record<string, ScreenName> = {
  '/dashboard': 'dashboard',
  '/templates': 'templates',
  '/creation': 'creation',
  '/pricing-plans': 'pricingPlans',
  '/purchase-history': 'purchaseHistory',
  '/notifications': 'notifications',
}
const checkoutPattern = /^\/checkout1?\/[^/]+\/[^/]+\/?$/

/** The layout and screen that `pathname` renders (none for a signed-out visitor on a protected path). */
export function screensFor(pathname: string, signedIn: boolean): ScreenName[] {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname
  const publicScreen = publicPaths[path] ?? (checkoutPattern.test(path) ? 'checkout' : undefined)
  if (publicScreen) return ['publicLayout', publicScreen]
  if (signedIn) return ['appLayout', appPaths[path] ?? 'notFound']
  return []
}

/**
 * Starts fetching the layout and screen of `pathname` at once, in parallel, instead of one after the
 * other as React reaches them.
 */
export function preloadRoute(pathname: string, signedIn: boolean): void {
  for (const name of screensFor(pathname, signedIn)) void screens[name].load()
}

function AppScreen({ name }: { name: ScreenName }) {
  const { Component } = screens[name] as { Component: ComponentType }
  return <Component />
}

/** A chunk that is still loading shows nothing rather than a spinner: it is a matter of milliseconds. */
function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>
}

function ScrollToTop() {
  const { pathname } = useLocation()
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls on every new path.
  useEffect(() => {
    window.scrollTo(0, 0)
  }, [pathname])
  return null
}

/** Any other path: a public "offer not found" when it contains `checkout`, else the guarded 404. */
function CatchAll() {
  const { pathname } = useLocation()
  if (isCheckoutPath(pathname)) return <screens.notFound.Component kind="offer-not-found" />
  return (
    <RequireSession>
      <screens.notFound.Component kind="not-found" />
    </RequireSession>
  )
}

/** Every route of PRODUCT.md §3. */
export function AppRoutes() {
  return (
    <>
      <ScrollToTop />
      <Lazy>
        <Routes>
          <Route element={<RootLayout />}>
            <Route element={<screens.publicLayout.Component />}>
              <Route index element={<screens.landing.Component />} />
              <Route
                path="login"
                element={
                  <RedirectSignedIn>
                    <screens.login.Component />
                  </RedirectSignedIn>
                }
              />
              <Route
                path="register"
                element={
                  <RedirectSignedIn>
                    <screens.register.Component />
                  </RedirectSignedIn>
                }
              />
              <Route path="refund" element={<screens.legal.Component kind="refund" />} />
              <Route path="privacy" element={<screens.legal.Component kind="privacy" />} />
              <Route path="terms" element={<screens.legal.Component kind="terms" />} />
              <Route path="subscription" element={<screens.subscription.Component />} />
              <Route path="contact-us" element={<screens.contact.Component />} />
              <Route path="about-us" element={<screens.about.Component />} />
              {(['A', 'B', 'C'] as const).map((gallery) => (
                <Route
                  key={gallery}
                  path={`examples${gallery}`}
                  caseSensitive
                  element={<screens.examples.Component gallery={gallery} />}
                />
              ))}
              <Route
                path="checkout/:group/:offer"
                element={<screens.checkout.Component variant="checkout" />}
              />
              <Route
                path="checkout1/:group/:offer"
                element={<screens.checkout.Component variant="checkout1" />}
              />
            </Route>
            <Route
              element={
                <RequireSession>
                  <screens.appLayout.Component />
                </RequireSession>
              }
            >
              {Object.entries(appPaths).map(([path, name]) => (
                <Route key={path} path={path.slice(1)} element={<AppScreen name={name} />} />
              ))}
            </Route>
            <Route path="*" element={<CatchAll />} />
          </Route>
        </Routes>
      </Lazy>
    </>
  )
}
