/** The app's start, loaded by main.tsx: theme, router, and the first render or hydration. */
import { setNonce } from 'get-nonce'
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, RouterProvider } from 'react-router'
import { dropEarlyReads, hasEarlyReads } from './api/early-reads'
import { AppProviders } from './app'
import { currentLanguage, loadLanguage, prefetchOtherLanguages } from './i18n'
import { registerRouter } from './router/navigation'
import { passingLoaderData, preloadRoute, resolveLazyRoutes, routes } from './router/routes'
import { hasSession } from './session/session'
import { followSystemTheme } from './theme/theme'

followSystemTheme()

// The dialogs' scroll lock (react-remove-scroll) adds a <style> element, which the server's CSP admits only with
// this page's nonce; the server writes the nonce into the page for each response.
const styleNonce = document.querySelector<HTMLMetaElement>('meta[name="style-nonce"]')?.content
if (styleNonce) setNonce(styleNonce)

/** How long the first render of a signed-in page waits for its data, at most. */
const FIRST_READS_WAIT_MS = 500

const signedIn = hasSession()
const { pathname } = window.location
preloadRoute(pathname, signedIn)

/**
 * A pre-rendered page holds its markup in each language (`[data-prerendered][lang]`); the one in this
 * visitor's language is what they have seen since the first paint, the others are removed. A public page
 * (`<html data-page="public">`) is hydrated; a protected page's pre-render is only its first paint (the
 * shell and skeletons), which the app replaces with its first render; a path without a pre-render (the
 * shell, `#root` alone) is rendered afresh.
 */
const language = currentLanguage()
const prerendered = [...document.querySelectorAll<HTMLElement>('[data-prerendered]')]
const root = prerendered.find((element) => element.lang === language) ?? document.getElementById('root')
if (!root) throw new Error('index.html has no #root')
const hydrate = prerendered.includes(root) && document.documentElement.dataset.page === 'public'
for (const element of prerendered) {
  if (element === root) element.removeAttribute('data-prerendered')
  else element.remove()
}
root.id = 'root'

/**
 * The router's first render is the screen itself, with no empty frame before it: the route's chunks in
 * place (fetched since the start, see preloadRoute) and the guard's loaders counted as run when they let
 * this visitor through. Hydration needs exactly that; a first render also keeps the pre-rendered first
 * paint on screen until the app renders.
 */
await Promise.all([resolveLazyRoutes(pathname), loadLanguage(language)])
/**
 * A signed-in page's first reads, which the boot script sent with the page: the first render waits for them a
 * little (the pre-rendered skeletons stay on screen meanwhile), so that it is the page with its data, not
 * skeletons and then a second render. TanStack Query comes with the page's chunks (loaded by now).
 */
if (hasEarlyReads()) {
  const { fetchFirstReads } = await import('./layouts/query-layout')
  await fetchFirstReads(pathname, FIRST_READS_WAIT_MS)
}
const loaderData = passingLoaderData(pathname)
const router = createBrowserRouter(routes, loaderData ? { hydrationData: { loaderData } } : undefined)
registerRouter(router)

const app = (
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
)
// In startTransition React renders in slices of a few milliseconds, giving the browser its turns (input,
// frames) in between, instead of one long task. A first render keeps the pre-rendered first paint in the
// container until it commits, then replaces it at once.
startTransition(() => {
  if (hydrate) hydrateRoot(root, app)
  else createRoot(root).render(app)
})
// What the boot script read and no screen took is not used later (it would be old by then).
dropEarlyReads()
// Soon after: the other language's texts (a few kB), so the language switch needs no network.
setTimeout(prefetchOtherLanguages, 300)
