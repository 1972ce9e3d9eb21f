/** The app's start, loaded by main.tsx: theme, router, and the first render or hydration. */
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { App } from './app'
import { currentLanguage } from './i18n'
import { preloadRoute } from './router/routes'
import { hasSession } from './session/session'
import { followSystemTheme } from './theme/theme'

followSystemTheme()

const signedIn = hasSession()
preloadRoute(window.location.pathname, signedIn)

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')
const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
)

/**
 * A pre-rendered page (public, signed out, English, no query) is hydrated when this visitor would see
 * exactly that; otherwise it is replaced (public/boot.js kept it out of sight before the first paint).
 */
const matchesPrerender =
  root.hasAttribute('data-prerendered') &&
  !document.documentElement.dataset.prerender &&
  !signedIn &&
  currentLanguage() === 'en' &&
  window.location.search === ''
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
