import type { ComponentType } from 'react'
import { matchRoutes, type RouteObject } from 'react-router'
import { RootLayout, RouteError } from '../layouts/root-layout'
import { guardUnmatched, redirectSignedIn, requireSession } from './guard'

/**
 * The one route table of the app (React Router's data router; docs/product.md#screens): the browser builds its router
 * from it (start.tsx), the build-time pre-render its static handler (prerender.tsx), and preloading and the
 * list of pre-rendered pages read it with `matchRoutes`. Each layout and screen is its own chunk, loaded by
 * the route's `lazy`. A screen's key is its module's file name in camelCase (`publicLayout`:
 * layouts/public-layout.tsx), kept in the route's `handle.screen`; scripts/prerender.mjs relies on it to
 * preload a pre-rendered page's chunks (and checks).
 */
const screens = {
  publicLayout: () => import('../layouts/public-layout'),
  queryLayout: () => import('../layouts/query-layout'),
  appLayout: () => import('../layouts/app-layout'),
  landing: () => import('../pages/landing'),
  login: () => import('../pages/login'),
  register: () => import('../pages/register'),
  legal: () => import('../pages/legal'),
  subscription: () => import('../pages/subscription'),
  contact: () => import('../pages/contact'),
  about: () => import('../pages/about'),
  examples: () => import('../pages/examples'),
  checkout: () => import('../pages/checkout'),
  dashboard: () => import('../pages/dashboard'),
  templates: () => import('../pages/templates'),
  creation: () => import('../pages/creation'),
  pricingPlans: () => import('../pages/pricing-plans'),
  purchaseHistory: () => import('../pages/purchase-history'),
  receipt: () => import('../pages/receipt'),
  notifications: () => import('../pages/notifications'),
  uploads: () => import('../pages/uploads'),
  // Media: a type's templates, the editor (a template, or a creation opened again).
  templateType: () => import('../pages/template-type'),
  templateEditor: () => import('../pages/template-editor'),
  developer: () => import('../pages/developer'),
  // The account (docs/product.md#accounts).
  account: () => import('../pages/account'),
  forgotPassword: () => import('../pages/forgot-password'),
  resetPassword: () => import('../pages/reset-password'),
  confirmEmail: () => import('../pages/confirm-email'),
  accountDeleted: () => import('../pages/account-deleted'),
  // The designer: My templates, a template's design (its own chunk: no other page pays for the designer), the brand kit.
  myTemplates: () => import('../pages/my-templates'),
  templateDesigner: () => import('../pages/template-designer'),
  brandKit: () => import('../pages/brand-kit'),
  bulkCreate: () => import('../pages/bulk-create'),
  // Teams (docs/product.md#teams): the teams and their people, the page an invitation's link opens.
  joinTeam: () => import('../pages/join-team'),
  // Review (docs/product.md#review): the page a review link opens, signed in or not, in the layout it chooses.
  review: () => import('../pages/review'),
  teams: () => import('../pages/teams'),
  notFound: () => import('../pages/not-found'),
}
export type ScreenName = keyof typeof screens
type ScreenModule<N extends ScreenName> = Awaited<ReturnType<(typeof screens)[N]>>

export interface RouteHandle {
  screen: ScreenName
}

/** A route's chunk: `lazy` loads screen `name` and picks (or wraps) its component. */
function screen<N extends ScreenName>(name: N, component: (module: ScreenModule<N>) => ComponentType) {
  return {
    handle: { screen: name } satisfies RouteHandle,
    lazy: async () => ({ Component: component((await screens[name]()) as ScreenModule<N>) }),
  }
}

/** Protected routes: the guard runs again on every navigation (another tab may have signed out). */
const alwaysRecheck = () => true

/**
 * The review page chooses its layout itself (pages/review.tsx): public for a link's holder, the app's for a member
 * reading the workspace's design, so it sits beside both. It is pre-rendered as a public page.
 */
const reviewRoute: RouteObject = { path: 'review', ...screen('review', (m) => m.ReviewScreen) }

/** Every route with a loader has an `id`: hydration names the loaders that have already run (start.tsx). */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: () => null,
    children: [
      {
        id: 'public',
        ...screen('publicLayout', (m) => m.PublicLayout),
        children: [
          { index: true, ...screen('landing', (m) => m.LandingPage) },
          { id: 'login', path: 'login', loader: redirectSignedIn, ...screen('login', (m) => m.LoginPage) },
          {
            id: 'register',
            path: 'register',
            loader: redirectSignedIn,
            ...screen('register', (m) => m.RegisterPage),
          },
          ...(['refund', 'privacy', 'terms'] as const).map((kind) => ({
            path: kind,
            ...screen('legal', ({ LegalPage }) => () => <LegalPage kind={kind} />),
          })),
          {
            path: 'forgot-password',
            loader: redirectSignedIn,
            ...screen('forgotPassword', (m) => m.ForgotPasswordPage),
          },
          { path: 'reset-password', ...screen('resetPassword', (m) => m.ResetPasswordPage) },
          { path: 'confirm-email', ...screen('confirmEmail', (m) => m.ConfirmEmailPage) },
          { path: 'account-deleted', ...screen('accountDeleted', (m) => m.AccountDeletedPage) },
          { path: 'subscription', ...screen('subscription', (m) => m.SubscriptionPage) },
          { path: 'contact-us', ...screen('contact', (m) => m.ContactPage) },
          { path: 'about-us', ...screen('about', (m) => m.AboutPage) },
          ...(['A', 'B', 'C'] as const).map((gallery) => ({
            path: `examples${gallery}`,
            caseSensitive: true,
            ...screen('examples', ({ ExamplesPage }) => () => <ExamplesPage gallery={gallery} />),
          })),
          {
            ...screen('queryLayout', (m) => m.QueryLayout),
            children: [
              ...(['checkout', 'checkout1'] as const).map((variant) => ({
                path: `${variant}/:group/:offer`,
                ...screen('checkout', ({ CheckoutPage }) => () => <CheckoutPage variant={variant} />),
              })),
            ],
          },
        ],
      },
      {
        ...screen('queryLayout', (m) => m.QueryLayout),
        children: [
          {
            id: 'app',
            loader: requireSession,
            shouldRevalidate: alwaysRecheck,
            ...screen('appLayout', (m) => m.AppLayout),
            children: [
              { path: 'dashboard', ...screen('dashboard', (m) => m.DashboardPage) },
              { path: 'templates', ...screen('templates', (m) => m.TemplatesPage) },
              { path: 'creation', ...screen('creation', (m) => m.CreationPage) },
              { path: 'pricing-plans', ...screen('pricingPlans', (m) => m.PricingPlansPage) },
              { path: 'purchase-history', ...screen('purchaseHistory', (m) => m.PurchaseHistoryPage) },
              { path: 'purchase-history/:id', ...screen('receipt', (m) => m.ReceiptPage) },
              { path: 'notifications', ...screen('notifications', (m) => m.NotificationsPage) },
              { path: 'developer', ...screen('developer', (m) => m.DeveloperPage) },
              { path: 'account', ...screen('account', (m) => m.AccountPage) },
              { path: 'join', ...screen('joinTeam', (m) => m.JoinTeamPage) },
              { path: 'teams', ...screen('teams', (m) => m.TeamsPage) },
              { path: 'uploads', ...screen('uploads', (m) => m.UploadsPage) },
              { path: 'templates/mine', ...screen('myTemplates', (m) => m.MyTemplatesPage) },
              {
                path: 'templates/:templateId/design',
                ...screen('templateDesigner', (m) => m.TemplateDesignerPage),
              },
              { path: 'brand-kit', ...screen('brandKit', (m) => m.BrandKitPage) },
              { path: 'bulk', ...screen('bulkCreate', (m) => m.BulkCreatePage) },
              { path: 'bulk/:batchId', ...screen('bulkCreate', (m) => m.BulkCreatePage) },
              // Media
              { path: 'templates/:typeId', ...screen('templateType', (m) => m.TemplateTypePage) },
              {
                path: 'templates/:templateId/edit',
                ...screen('templateEditor', (m) => m.TemplateEditorPage),
              },
              {
                path: 'creation/:creationId/edit',
                ...screen('templateEditor', (m) => m.CreationEditorPage),
              },
            ],
          },
          reviewRoute,
          // Any other path: a public "offer not found" when it contains `checkout`, else the guarded 404.
          {
            id: 'unmatched',
            path: '*',
            loader: guardUnmatched,
            shouldRevalidate: alwaysRecheck,
            ...screen('notFound', (m) => m.CatchAllPage),
          },
        ],
      },
    ],
  },
]

/** The routes `pathname` matches, outermost first (none for a path no route takes). */
export function matchesFor(pathname: string) {
  return matchRoutes(routes, pathname) ?? []
}

/** The screens (layout and page) of `pathname`; without a session none behind the guard. */
export function screensFor(pathname: string, signedIn: boolean): ScreenName[] {
  const matches = matchesFor(pathname)
  if (!signedIn && matches.some((m) => m.route.loader === requireSession)) return []
  return matches.flatMap((m) => {
    const handle = m.route.handle as RouteHandle | undefined
    return handle ? [handle.screen] : []
  })
}

/** Starts fetching the chunks of `pathname` at once, in parallel, instead of one after the other. */
export function preloadRoute(pathname: string, signedIn: boolean): void {
  for (const name of screensFor(pathname, signedIn)) void screens[name]()
}

/**
 * Loads the chunks of `pathname`'s routes into the route objects, so that the router starts with them in
 * place and renders at once: hydrating a pre-rendered page needs the same tree in the first render.
 */
export async function resolveLazyRoutes(pathname: string): Promise<void> {
  await Promise.all(
    matchesFor(pathname).map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      const loaded = await route.lazy()
      Object.assign(route, loaded, { lazy: undefined })
    }),
  )
}

/** The paths without parameters among `children`. */
function plainPaths(children: RouteObject[] | undefined): string[] {
  return (children ?? []).flatMap((route): string[] => {
    if (route.index) return ['/']
    // A layout without a path of its own (the query layout) adds none to its pages'.
    if (!route.path) return plainPaths(route.children)
    return route.path.includes(':') ? [] : [`/${route.path}`]
  })
}
const rootChildren = routes[0]?.children ?? []

/** The public pages pre-rendered at build time and hydrated: every public path without parameters, and the review. */
export const PRERENDERED_PATHS = [
  ...plainPaths(rootChildren.find((route) => route.id === 'public')?.children),
  ...plainPaths([reviewRoute]),
]

/**
 * The protected pages pre-rendered at build time as their first paint (the shell, the screen's skeletons):
 * shown from the HTML to a signed-in visitor, then replaced by the app's first render (not hydrated: the
 * shell reads the visitor's own settings, such as the collapsed sidebar, while rendering).
 */
export const PLACEHOLDER_PATHS = plainPaths(
  rootChildren.flatMap((route) => route.children ?? []).find((route) => route.id === 'app')?.children,
)

/**
 * The loaders' results for `pathname` when every loader of its routes lets the visitor through (the guard's
 * are synchronous), so the router starts with the screen instead of an empty first render; undefined when a
 * loader redirects (the router then runs it and follows).
 */
export function passingLoaderData(pathname: string): Record<string, unknown> | undefined {
  const url = new URL(pathname, window.location.origin)
  const request = new Request(url)
  const loaderData: Record<string, unknown> = {}
  for (const { route, params } of matchesFor(pathname)) {
    if (typeof route.loader !== 'function' || !route.id) continue
    try {
      const result = route.loader({ request, url, params, pattern: route.path ?? '', context: undefined })
      if (result instanceof Promise || result instanceof Response) return undefined
      loaderData[route.id] = result ?? null
    } catch {
      return undefined
    }
  }
  return loaderData
}
