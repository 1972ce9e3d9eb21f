/**
 * Runs before the first paint, so that every visitor's first paint is their own page, from the HTML and the
 * stylesheet alone. vite.config.ts compiles this module and what it imports into one small script and writes
 * it inline into each page's <head>, where the server gives it the answer's CSP script nonce (a file of its
 * own cost a request before anything could paint). Each rule it applies is the app's own module, imported:
 * 1. Dark mode from the system (theme/theme.ts), so a dark page never flashes light.
 * 2. `<html lang>` is the visitor's language (i18n/language.ts). A pre-rendered page holds its markup in both
 *    languages; app.css shows the one of `<html lang>`, and start.tsx hydrates it; the title comes from its
 *    `title:<lang>` meta element. The texts of that language (`catalogue:<lang>`, written by
 *    scripts/prerender.mjs) are preloaded: the app would ask for them only once its start has been evaluated.
 * 3. `data-session` and the `SIGNED_IN_COOKIE` hint follow the stored session (session/session.ts): app.css shows
 *    a public page's signed-in parts by the one; by the other the server makes the redirects of 4 itself
 *    (apps/server/src/web/static.ts), so that most visitors load one page, not two. A stale cookie is dropped
 *    here before the redirect to /login below, so the two never send a visitor round.
 * 4. The guard's two redirects that a page's HTML can decide (@templet/api/paths; router/guard.ts decides them
 *    again as route loaders): a signed-in visitor on a sign-in page goes to its `redirect` or the dashboard, and
 *    a visitor without a session on a page that is not public (`data-page="app"`: the shell of every path
 *    without a public pre-render, which is any protected or unknown path; checkout paths are public) goes to
 *    /login?redirect=…. The page stays out of sight meanwhile (`data-leaving`) and main.tsx does not start the
 *    app. A browser that keeps the session but refuses the cookie is sent to /login by the server on every
 *    page of the app: there the app starts and its router takes the visitor on without loading a page, which
 *    the server would answer with /login again.
 * 5. A signed-in visitor staying on a page of the app: the reads of its first render (api/first-read-list.ts)
 *    are sent now, with the page, instead of after the app's code has loaded (api/early-reads.ts).
 * 6. A link between the sign-in and registration pages (`data-keep-redirect`, auth/auth-card.tsx) keeps the
 *    address's `redirect`: its pre-rendered `href` has none, and a press before the app has hydrated follows it.
 * `data-page` is set by scripts/prerender.mjs: `public` on a pre-rendered public page, `app` on the shell.
 */

import { isCheckoutPath, isSignInPath, loginPathFor, signedInTarget } from '@templet/api/paths'
import { API_BASE_URL } from './api/base-url'
import { sendEarlyReads } from './api/early-reads'
import { FIRST_READ_REQUESTS, firstReadsOf } from './api/first-read-list'
import { detectLanguage } from './i18n/language'
import { hasSession, markSession, sessionToken } from './session/session'
import { currentTeam, followTeamLink } from './session/workspace'
import { applySystemTheme } from './theme/theme'

const html = document.documentElement
try {
  applySystemTheme()
} catch {
  // No matchMedia: light.
}

html.lang = detectLanguage()
if (html.lang !== 'en') {
  const title = document.querySelector<HTMLMetaElement>(`meta[name="title:${html.lang}"]`)
  if (title) document.title = title.content
}
const catalogue = document.querySelector<HTMLMetaElement>(`meta[name="catalogue:${html.lang}"]`)
if (catalogue) {
  const link = document.createElement('link')
  link.rel = 'modulepreload'
  link.crossOrigin = ''
  link.href = catalogue.content
  document.head.append(link)
}

const signedIn = hasSession()
const hinted = markSession(signedIn)

// A link into a team's workspace (a notification's, opened in a new tab): this tab works there from now on.
const unlinked = followTeamLink(location.href)
if (unlinked !== undefined) history.replaceState(history.state, '', unlinked)

const page = html.dataset.page
const { pathname, search } = location
const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname
let target = ''
if (page === 'public' && signedIn && hinted && isSignInPath(path)) target = signedInTarget(search)
if (page === 'app' && !signedIn && !isCheckoutPath(path)) target = loginPathFor(pathname + search)
if (target) {
  html.dataset.leaving = ''
  location.replace(target)
} else if (page === 'app' && !isCheckoutPath(path)) {
  const token = sessionToken()
  if (token) {
    try {
      sendEarlyReads(
        firstReadsOf(path).map((read) => `${API_BASE_URL}${FIRST_READ_REQUESTS[read]}`),
        token,
        currentTeam(),
      )
    } catch {
      // No fetch: the app reads for itself.
    }
  }
}

document.addEventListener(
  'click',
  (event) => {
    const link =
      event.target instanceof Element
        ? event.target.closest<HTMLAnchorElement>('a[data-keep-redirect]')
        : null
    const redirect = new URLSearchParams(location.search).get('redirect')
    if (link && redirect) link.search = `?redirect=${encodeURIComponent(redirect)}`
  },
  true,
)
