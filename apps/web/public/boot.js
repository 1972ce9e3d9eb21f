/*
 * Runs before the first paint (a classic script in <head>; the CSP allows no inline script).
 * 1. Dark mode from the system, as src/theme/theme.ts does afterwards, so a dark page never flashes light.
 * 2. A pre-rendered page is what a signed-out English visitor sees at a path without a query. Anyone else
 *    (a session, a Chinese browser or choice, a query the page reads) must not see it even for a moment:
 *    `data-prerender="skip"` hides #root (app.css) until start.tsx renders the right page in its place.
 *    The rules are those of src/session/session.ts (hasSession) and src/i18n/index.ts (the detector);
 *    start.tsx checks them again with the real code and never hydrates a page it should not.
 */
;(() => {
  const html = document.documentElement
  try {
    if (matchMedia('(prefers-color-scheme: dark)').matches) html.classList.add('dark')
  } catch (_) {}
  let skip = location.search !== ''
  try {
    const record = JSON.parse(localStorage.getItem('user') || 'null')
    if (record && typeof record === 'object' && !Array.isArray(record) && Object.keys(record).length > 0)
      skip = true
    const language =
      localStorage.getItem('templet.language') || (navigator.languages || [])[0] || navigator.language || ''
    if (language.toLowerCase().startsWith('zh')) skip = true
  } catch (_) {}
  if (skip) html.dataset.prerender = 'skip'
})()
