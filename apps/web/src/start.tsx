/** The app's start, loaded by main.tsx: theme, router, and the first render or hydration. */
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, type HydrationState, RouterProvider } from 'react-router'
import { AppProviders } from './app'
import { currentLanguage } from './i18n'
import { registerRouter } from './router/navigation'
import { matchesFor, preloadRoute, resolveLazyRoutes, routes } from './router/routes'
import { hasSession } from './session/session'
import { followSystemTheme } from './theme/theme'

followSystemTheme()

const signedIn = hasSession()
const { pathname, search } = window.location
preloadRoute(pathname, signedIn)

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')

/**
 * A pre-rendered page (public, signed out, English, no query) is hydrated when this visitor would see
 * exactly that; otherwise it is replaced (public/boot.js kept it out of sight before the first paint).
 */
const matchesPrerender =
  root.hasAttribute('data-prerendered') &&
  !document.documentElement.dataset.prerender &&
  !signedIn &&
  currentLanguage() === 'en' &&
  search === ''

/**
 * Hydration needs the router's first render to be the pre-rendered tree: the page's chunks in place, and its
 * loaders (the guard's, which let a signed-out visitor through) counted as run.
 */
let hydrationData: HydrationState | undefined
if (matchesPrerender) {
  await resolveLazyRoutes(pathname)
  const loaderData: Record<string, unknown> = {}
  for (const { route } of matchesFor(pathname)) if (route.loader && route.id) loaderData[route.id] = null
  hydrationData = { loaderData }
}

const router = createBrowserRouter(routes, hydrationData ? { hydrationData } : undefined)
registerRouter(router)

const app = (
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
)
// A transition lets React yield to the browser every few milliseconds instead of one long task.
startTransition(() => {
  if (matchesPrerender) {
    hydrateRoot(root, app)
  } else {
    root.replaceChildren()
    root.removeAttribute('data-prerendered')
    delete document.documentElement.dataset.prerender
    createRoot(root).render(app)
  }
})
