#!/usr/bin/env node
/**
 * The gzipped JS and CSS a route loads before it can show anything: the entry chunk and the app's start
 * (src/main.tsx imports src/start.tsx; the pages preload it), the English catalogue (start.tsx loads the
 * visitor's before it renders), the route's lazy layouts and screen, and every chunk they import statically
 * (followed through Vite's manifest). Other dynamic imports (other routes, the toaster, the form schemas)
 * are not counted. It prints the sizes and gates on none: what a visitor feels is measured by first-paint.mjs
 * and lighthouse.mjs (docs/adr/0001-react-over-preact.md).
 *
 *   pnpm --filter web build && pnpm --filter web size
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist')
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'))

/** What each route loads lazily (see src/router/routes.tsx): its layouts and screen. */
const publicLayout = 'src/layouts/public-layout.tsx'
const queryLayout = 'src/layouts/query-layout.tsx'
const appLayout = 'src/layouts/app-layout.tsx'
const publicPages = {
  '/': 'landing',
  '/login': 'login',
  '/register': 'register',
  '/terms': 'legal',
  '/contact-us': 'contact',
  '/about-us': 'about',
  '/examplesA': 'examples',
  '/subscription': 'subscription',
}
const appPages = ['dashboard', 'templates', 'creation', 'pricing-plans', 'purchase-history', 'notifications']
const routes = {
  ...Object.fromEntries(
    Object.entries(publicPages).map(([route, page]) => [route, [publicLayout, `src/pages/${page}.tsx`]]),
  ),
  '/checkout/main/payment-49-9': [publicLayout, queryLayout, 'src/pages/checkout.tsx'],
  ...Object.fromEntries(
    appPages.map((page) => [`/${page}`, [queryLayout, appLayout, `src/pages/${page}.tsx`]]),
  ),
  '/purchase-history/:id': [queryLayout, appLayout, 'src/pages/receipt.tsx'],
  '/templates/:typeId': [queryLayout, appLayout, 'src/pages/template-type.tsx'],
  '/templates/:id/edit': [queryLayout, appLayout, 'src/pages/template-editor.tsx'],
  '/no-such-page': [queryLayout, 'src/pages/not-found.tsx'],
}
/** Also loaded before the app renders (start.tsx awaits it): the catalogue of the visitor's language. */
const catalogue = 'src/i18n/en.ts'

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry)
if (!entryKey) throw new Error('no entry in the Vite manifest: build first')

function collect(keys) {
  const seen = new Set()
  const js = new Set()
  const css = new Set()
  const visit = (key) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    if (!chunk) throw new Error(`${key} is not in the Vite manifest`)
    js.add(chunk.file)
    for (const file of chunk.css ?? []) css.add(file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  for (const key of keys) visit(key)
  return { js: [...js], css: [...css] }
}

const gzipped = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length
const kB = (bytes) => (bytes / 1024).toFixed(1)

console.log(`${'route'.padEnd(28)} JS gz (kB)  CSS gz (kB)  files`)
for (const [route, modules] of Object.entries(routes)) {
  const { js, css } = collect([entryKey, 'src/start.tsx', catalogue, ...modules])
  const jsBytes = js.reduce((sum, file) => sum + gzipped(file), 0)
  const cssBytes = css.reduce((sum, file) => sum + gzipped(file), 0)
  console.log(
    `${route.padEnd(28)} ${kB(jsBytes).padStart(10)}  ${kB(cssBytes).padStart(11)}  ${js.length} JS, ${css.length} CSS`,
  )
}
