/*
 * Runs before the first paint, so that every visitor's first paint is their own page, from the HTML and the
 * stylesheet alone. The build writes it, minified, inline into each page's <head> (vite.config.ts), where the
 * server gives it the answer's CSP script nonce; a file of its own cost a request before anything could paint.
 * 1. Dark mode from the system, as src/theme/theme.ts does afterwards, so a dark page never flashes light.
 * 2. `<html lang>` is the visitor's language (their choice, else the browser's: the rule of the detector in
 *    src/i18n/index.ts). A pre-rendered page holds its markup in both languages; app.css shows the one of
 *    `<html lang>`, and start.tsx hydrates it; the title comes from its `title:<lang>` meta element. The
 *    texts of that language (`catalogue:<lang>`, written by scripts/prerender.mjs) are preloaded: the app
 *    would ask for them only once its start has been evaluated, one more request in a row.
 * 3. `data-session` when a session is stored (the rule of src/session/session.ts): app.css shows the
 *    signed-in parts of a public page (the top bar's "Dashboard") instead of the signed-out ones. The
 *    `templet_signed_in` cookie follows it too (session.ts keeps it on sign-in and sign-out): with it the
 *    server answers /login and /register with a redirect to /dashboard, one page load instead of two. A stale
 *    cookie is dropped here before the redirect to /login below, so the two can never send a visitor round.
 * 4. The guard's two redirects that a page's HTML can decide (src/router/guard.ts decides them again):
 *    a signed-in visitor on /login or /register goes to /dashboard, and a visitor without a session on a
 *    page that is not public (`data-page="app"`: the shell of every path without a public pre-render,
 *    which is any protected or unknown path; checkout paths are public) goes to /login?redirect=…. The page
 *    is hidden meanwhile (`data-leaving`) and main.tsx does not start the app.
 * 5. A signed-in visitor staying on a page of the app: the reads of its first render (the layout's, and the
 *    Dashboard's summary) are sent now, with the page, instead of after the app's code has loaded; the API
 *    client takes each answer instead of sending its own request (src/api/early-reads.ts). The same reads
 *    are listed as queries in src/api/first-reads.ts; e2e/early-reads.spec.ts checks that the two agree.
 * `data-page` is set by scripts/prerender.mjs: `public` on a pre-rendered public page, `app` on the shell.
 */
;(() => {
  const html = document.documentElement
  try {
    if (matchMedia('(prefers-color-scheme: dark)').matches) html.classList.add('dark')
  } catch (_) {}
  let language = ''
  let signedIn = false
  let token = ''
  try {
    language = localStorage.getItem('templet.language') || ''
    const record = JSON.parse(localStorage.getItem('user') || 'null')
    signedIn =
      !!record && typeof record === 'object' && !Array.isArray(record) && Object.keys(record).length > 0
    // The token the API client sends (authTokenOf in @templet/api): a rotated one first.
    if (signedIn) token = [record.accessToken, record.token].find((t) => typeof t === 'string' && t) || ''
  } catch (_) {}
  if (!language) language = (navigator.languages || [])[0] || navigator.language || ''
  html.lang = language.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en'
  if (html.lang !== 'en') {
    const title = document.querySelector(`meta[name="title:${html.lang}"]`)
    if (title) document.title = title.content
  }
  const catalogue = document.querySelector(`meta[name="catalogue:${html.lang}"]`)
  if (catalogue) {
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.crossOrigin = ''
    link.href = catalogue.content
    document.head.append(link)
  }
  if (signedIn) html.dataset.session = ''
  const hinted = /(?:^|; )templet_signed_in=1(?:;|$)/.test(document.cookie)
  if (signedIn !== hinted)
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is asynchronous, and this must be set before the redirect below
    document.cookie = `templet_signed_in=${signedIn ? '1; Max-Age=31536000' : '; Max-Age=0'}; Path=/; SameSite=Lax`

  const page = html.dataset.page
  const path = location.pathname.length > 1 ? location.pathname.replace(/\/$/, '') : location.pathname
  let target = ''
  if (page === 'public' && signedIn && (path === '/login' || path === '/register')) target = '/dashboard'
  if (page === 'app' && !signedIn && !/checkout/i.test(path))
    target = `/login?redirect=${encodeURIComponent(location.pathname + location.search)}`
  if (target) {
    html.dataset.leaving = ''
    location.replace(target)
  } else if (page === 'app' && token && !/checkout/i.test(path)) {
    const reads = ['/api/user/my-info', '/api/user/my-notification?check=0&page=1&pageSize=10']
    if (path === '/dashboard') reads.push('/api/dashboard/summary')
    // The same headers as the client's, which compares them before it takes an answer.
    const headers = { 'Content-Type': 'application/json', Authorization: `Bucket ${token}` }
    try {
      window.templetEarlyReads = reads.map((url) => {
        const response = fetch(url, { headers })
        // Not an unhandled rejection if the app never takes it; the client that does sees the failure.
        response.catch(() => {})
        return { url, authorization: headers.Authorization, response }
      })
    } catch (_) {}
  }
})()
