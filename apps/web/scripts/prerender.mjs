#!/usr/bin/env node
/**
 * Writes the pre-rendered public pages into the client build (part of `pnpm --filter web build`):
 * `dist/<path>/index.html` for each path of PRERENDERED_PATHS (`dist/index.html` for `/`), the page's
 * markup inside `<div id="root" data-prerendered>` and its title in <head>. The unrendered shell, which the
 * server sends for every other path, is kept as `dist/app.html`. Every page also gets modulepreload links
 * for src/start.tsx and what it imports, which main.tsx loads only after the first paint, so that the
 * files are fetched at once all the same; a pre-rendered page also for its own layout and screen, which
 * hydration needs. Needs `vite build` and
 * `vite build --ssr src/prerender.tsx --outDir dist-ssr` first; removes dist-ssr when done.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const dist = path.join(webRoot, 'dist')
const ssr = path.join(webRoot, 'dist-ssr')

/** The build's files that `key` loads, itself first, following static imports (Vite's manifest). */
function staticGraph(manifest, key, files = new Set()) {
  const chunk = manifest[key]
  if (!chunk) throw new Error(`${key} is not in the Vite manifest`)
  if (files.has(chunk.file)) return files
  files.add(chunk.file)
  for (const imported of chunk.imports ?? []) staticGraph(manifest, imported, files)
  return files
}

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'))
const built = readFileSync(path.join(dist, 'index.html'), 'utf8')
const ROOT = '<div id="root"></div>'
if (!built.includes(ROOT) || !/<title>[^<]*<\/title>/.test(built))
  throw new Error(`index.html must hold ${ROOT} and one <title>`)

/** The module of a screen key of src/router/routes.tsx: `publicLayout` is src/layouts/public-layout.tsx. */
function screenModule(name) {
  const file = `${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}.tsx`
  const key = [`src/layouts/${file}`, `src/pages/${file}`].find((candidate) => manifest[candidate])
  if (!key) throw new Error(`no module for the screen ${name}: keys must be the file names in camelCase`)
  return key
}

/** `built` with modulepreload links for `modules` and their imports; `low` lets the stylesheet go first. */
function withPreloads(html, modules, priority) {
  const files = new Set()
  for (const key of modules) staticGraph(manifest, key, files)
  const links = [...files]
    .filter((file) => !html.includes(`/${file}"`))
    .map(
      (file) =>
        `    <link rel="modulepreload" crossorigin href="/${file}"${priority ? ` fetchpriority="${priority}"` : ''}>\n`,
    )
  return html.replace('  </head>', () => `${links.join('')}  </head>`)
}

/** `<html data-page>` tells the boot script (src/boot.ts) what the page is: `public` (pre-rendered) or `app` (the shell). */
const withPage = (html, page) =>
  html.replace('<html lang="en">', () => `<html lang="en" data-page="${page}">`)
if (!built.includes('<html lang="en">')) throw new Error('index.html must start with <html lang="en">')

const { LANGUAGES, PLACEHOLDER_PATHS, PRERENDERED_PATHS, renderPage, screensFor } = await import(
  pathToFileURL(path.join(ssr, 'prerender.js')).href
)

/**
 * `<meta name="catalogue:<language>">` with each language's texts (src/i18n/<language>.ts): the boot script preloads
 * the visitor's, which the app would otherwise ask for only once its start has been evaluated.
 */
function withCatalogues(html) {
  const metas = LANGUAGES.map((language) => {
    const chunk = manifest[`src/i18n/${language}.ts`]
    if (!chunk) throw new Error(`src/i18n/${language}.ts is not in the Vite manifest`)
    return `<meta name="catalogue:${language}" content="/${chunk.file}" />`
  })
  // Before the boot script, which reads them.
  return html.replace('</title>', () => `</title>${metas.join('')}`)
}

writeFileSync(
  path.join(dist, 'app.html'),
  withPage(withCatalogues(withPreloads(built, ['src/start.tsx'])), 'app'),
)

/**
 * The page's markup and its title, taken out of it: the screen renders a `<title>`, which React hoists into
 * `<head>` in the browser and writes among the markup when pre-rendering.
 */
async function render(route, language, signedIn) {
  const markup = await renderPage(route, language, { signedIn })
  const titles = [...markup.matchAll(/<title>([^<]*)<\/title>/g)]
  if (titles.length !== 1)
    throw new Error(`${route} rendered ${titles.length} <title> elements in ${language}`)
  return { title: titles[0][1], body: markup.replace(titles[0][0], '') }
}

/**
 * Public pages are hydrated (`data-page="public"`); a protected page's pre-render is its first paint for a
 * signed-in visitor, replaced by the app's first render (`data-page="app"`, like the shell: the boot script
 * sends a visitor without a session to sign in before it paints).
 */
const pagesToRender = [
  ...PRERENDERED_PATHS.map((route) => ({ route, signedIn: false })),
  ...PLACEHOLDER_PATHS.map((route) => ({ route, signedIn: true })),
]
for (const { route, signedIn } of pagesToRender) {
  // English first: its title is the document's; the boot script takes another language's from its meta element.
  const pages = []
  for (const language of LANGUAGES) pages.push({ language, ...(await render(route, language, signedIn)) })
  const [english, ...others] = pages
  if (english.language !== 'en') throw new Error('LANGUAGES must start with en')
  const titles = others.map((p) => `<meta name="title:${p.language}" content="${p.title}" />`).join('')
  // A protected page's first paint is a picture of the app, inert (no click or focus lands on it) until the
  // app's first render replaces it.
  const body = (markup) => (signedIn ? `<div data-placeholder inert>${markup}</div>` : markup)
  const containers = pages
    .map(
      (p) =>
        `<div${p === english ? ' id="root"' : ''} data-prerendered lang="${p.language}">${body(p.body)}</div>`,
    )
    .join('')
  const modules = ['src/start.tsx', ...screensFor(route, signedIn).map(screenModule)]
  const html = withPage(withCatalogues(withPreloads(built, modules, 'low')), signedIn ? 'app' : 'public')
    .replace(/<title>[^<]*<\/title>/, () => `<title>${english.title}</title>${titles}`)
    .replace(ROOT, () => containers)
  const file = path.join(dist, route, 'index.html')
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, html)
  console.log(`pre-rendered ${route.padEnd(14)} ${(html.length / 1024).toFixed(1)} kB`)
}
rmSync(ssr, { recursive: true, force: true })
