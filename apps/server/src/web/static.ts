import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, gzip, constants as zlib } from 'node:zlib'
import { serveStatic } from '@hono/node-server/serve-static'
import {
  isCheckoutPath,
  isSignInPath,
  loginPathFor,
  SIGNED_IN_COOKIE,
  signedInTarget,
} from '@templet/api/paths'
import type { Context, Hono, MiddlewareHandler } from 'hono'
import { except } from 'hono/combine'
import { getCookie } from 'hono/cookie'
import { etag } from 'hono/etag'
import type { AppEnv } from '../routes/api'
import { type PageNonces, pageSecurityHeaders } from '../security-headers'
import { bodyBytes } from './body'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Hashed build output never changes under its name; everything else is revalidated on each load. */
const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'

export type Encoding = 'br' | 'gzip'

/** The encoding to answer with: brotli when the browser takes it, else gzip, else none. */
export function encodingFor(c: Context): Encoding | undefined {
  const accepted = c.req.header('Accept-Encoding') ?? ''
  if (/\bbr\b/.test(accepted)) return 'br'
  if (/\bgzip\b/.test(accepted)) return 'gzip'
  return undefined
}

/** Above this, brotli 11 makes a first visitor wait seconds (6.6 s for a 1.7 MB script); 9 takes 0.3 s, 9 % larger. */
const BROTLI_11_MAX_BYTES = 256 * 1024

/**
 * `best` for a copy made once and kept (brotli 11, or 9 for a large body; gzip 9); `fast` for one made per
 * answer (brotli 5, gzip 6).
 */
export function compress(body: Buffer, encoding: Encoding, effort: 'best' | 'fast'): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(body, { level: effort === 'best' ? 9 : 6 })
  const best = body.length <= BROTLI_11_MAX_BYTES ? 11 : 9
  return brotli(body, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: effort === 'best' ? best : 5,
      [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  })
}

/** A page of the build held in memory, with where each of its nonce slots ends. */
interface Page {
  body: Buffer
  mtimeMs: number
  slots: NonceSlot[]
  /** The pre-render marks a page of the app (`data-page="app"`, for signed-in visitors) apart from a public one. */
  ofTheApp: boolean
}

const APP_PAGE_MARK = Buffer.from('data-page="app"')

interface NonceSlot {
  at: number
  kind: keyof PageNonces
}

/**
 * The empty attributes a page carries (apps/web/index.html) for the response's CSP nonces: the style nonce the
 * app hands the dialogs' scroll lock, whose `<style>` element the policy admits only with it; the script nonce
 * on the inline script that runs before the first paint (inline, it costs no request of its own).
 */
const NONCE_SLOTS: [keyof PageNonces, Buffer][] = [
  ['style', Buffer.from('<meta name="style-nonce" content="')],
  ['script', Buffer.from('<script nonce="')],
]

/** Where each nonce slot of a page ends (where its nonce goes), in the order they appear. */
function nonceSlots(body: Buffer): NonceSlot[] {
  const slots: NonceSlot[] = []
  for (const [kind, tag] of NONCE_SLOTS) {
    for (let i = body.indexOf(tag); i >= 0; i = body.indexOf(tag, i + tag.length))
      slots.push({ at: i + tag.length, kind })
  }
  return slots.sort((a, b) => a.at - b.at)
}

interface Entry {
  /** Undefined: no such page. */
  page: Page | undefined
  checkedAt: number
}

/**
 * How long a looked-up page is trusted before it is looked up again: a build changes rarely, and a changed page
 * is seen within this time.
 */
const RECHECK_MS = 1000
/** Bounds the cache: unknown paths (the SPA's routes, probes) each leave an entry until it is full. */
const MAX_ENTRIES = 2000

/** The build's HTML pages in memory, with their nonce slots found once per version of the file. */
class BuildPages {
  readonly #entries = new Map<string, Promise<Entry>>()

  async get(file: string): Promise<Page | undefined> {
    const now = Date.now()
    let entry = this.#entries.get(file)
    const known = entry ? await entry : undefined
    if (known && now - known.checkedAt < RECHECK_MS) return known.page
    entry = this.#load(file, known?.page, now)
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear()
    this.#entries.set(file, entry)
    return (await entry).page
  }

  async #load(file: string, previous: Page | undefined, now: number): Promise<Entry> {
    try {
      const info = await stat(file)
      if (!info.isFile()) return { page: undefined, checkedAt: now }
      if (previous && previous.mtimeMs === info.mtimeMs && previous.body.length === info.size)
        return { page: previous, checkedAt: now }
      const body = await readFile(file)
      const page = {
        body,
        mtimeMs: info.mtimeMs,
        slots: nonceSlots(body),
        ofTheApp: body.includes(APP_PAGE_MARK),
      }
      return { page, checkedAt: now }
    } catch {
      return { page: undefined, checkedAt: now }
    }
  }
}

/**
 * A page with this answer's nonces (pageSecurityHeaders drew them, and puts them in the policy) written in. Each
 * answer is its own, so it has no ETag (a 304 would pair the cached page's nonces with a new policy) and is
 * compressed per request at a fast setting: ~0.35 ms and ~10 % larger than the build's brotli 11 copy for a
 * 40 kB page.
 */
async function sendPage(c: Context<AppEnv>, page: Page) {
  const nonces = c.get('pageNonces')
  const parts: Buffer[] = []
  let from = 0
  for (const slot of nonces ? page.slots : []) {
    parts.push(page.body.subarray(from, slot.at), Buffer.from(nonces?.[slot.kind] ?? ''))
    from = slot.at
  }
  parts.push(page.body.subarray(from))
  const body = Buffer.concat(parts)
  const headers: Record<string, string> = {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': REVALIDATE,
    Vary: 'Accept-Encoding',
  }
  const encoding = body.length > 1024 ? encodingFor(c) : undefined
  if (!encoding) return c.body(bodyBytes(body), 200, headers)
  headers['Content-Encoding'] = encoding
  return c.body(bodyBytes(await compress(body, encoding, 'fast')), 200, headers)
}

/** The page served while no web build exists. */
export const PLACEHOLDER_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Templet</title><link rel="stylesheet" href="/api/docs.css"></head>
<body><main><h1>Templet's API is running</h1>
<p>The web app has not been built yet (no <code>index.html</code> in <code>WEB_DIST</code>).</p>
<p>Read the <a href="/api/docs">API reference</a> or fetch <a href="/api/openapi.json">/api/openapi.json</a>.</p>
</main></body></html>`

/** A path a page answers: no file extension (a route of the app, a pre-rendered page's folder) or `.html`. */
const isPagePath = (c: Context) => !/\.[^/]*$/.test(c.req.path) || c.req.path.endsWith('.html')

/**
 * The built web app from `root`, on `app`'s GET routes (mount it last). Files are sent by node-server's
 * `serveStatic` with the build's brotli and gzip copies (apps/web/scripts/compress.mjs): under /assets/ named
 * by their hash and kept a year, others revalidated (hono's `etag`, 304). Pages are never sent as files: each
 * answer writes its CSP nonces in. A pre-rendered page (`<path>/index.html`, `index.html` for `/`) is sent at
 * its path; every other path gets the app's shell, `app.html` (or `index.html` in a build that pre-renders
 * nothing), for the client router to take (SPA fallback). A page of the app (its pre-rendered shell, or the
 * fallback) for a browser without the session hint is a redirect to sign in instead (`signedInRedirect`).
 * Without a build, a placeholder page.
 */
export function mountWebApp(app: Hono<AppEnv>, root: string, mediaOrigins: readonly string[]): void {
  const base = path.resolve(root)
  const files = (cacheControl: string) =>
    serveStatic<AppEnv>({
      // The root is joined here rather than passed as `root`, which serveStatic checks at start with a plain
      // console.error: running without a web build is normal (API only, the placeholder page).
      rewriteRequestPath: (p) => path.join(base, p),
      precompressed: true,
      onFound: (_path, c) => {
        c.header('Cache-Control', cacheControl)
      },
    })
  const pages = new BuildPages()
  const send = async (c: Context<AppEnv>, file: string) => {
    const page = await pages.get(file)
    if (!page) return undefined
    if (page.ofTheApp && !signedInHint(c) && !isCheckoutPath(c.req.path))
      return leaveFor(c, loginPathFor(pathAndSearch(c)))
    return sendPage(c, page)
  }
  const notFound = (c: Context<AppEnv>) => c.text('Not found', 404, { 'Cache-Control': REVALIDATE })

  // A missing hashed asset must not turn into HTML that a browser would try to run as a script.
  app.get('/assets/*', files(IMMUTABLE), notFound)
  app.get(
    '*',
    signedInRedirect(),
    except(isPagePath, etag(), files(REVALIDATE)),
    pageSecurityHeaders(mediaOrigins),
    async (c) => {
      let rel: string
      try {
        rel = decodeURIComponent(c.req.path)
      } catch {
        rel = '/'
      }
      const file = path.join(base, path.normalize(rel))
      const inside = file === base || file.startsWith(base + path.sep)
      if (inside && !rel.includes('\0')) {
        const sent = await send(c, rel.endsWith('.html') ? file : path.join(file, 'index.html'))
        if (sent) return sent
      }
      for (const shell of ['app.html', 'index.html']) {
        const sent = await send(c, path.join(base, shell))
        if (sent) return sent
      }
      return c.html(PLACEHOLDER_PAGE, 200, { 'Cache-Control': REVALIDATE })
    },
  )
  app.post('*', pagePostHandler())
}

/** Whether the browser says it holds a session (the web app's cookie, a hint and not a credential). */
const signedInHint = (c: Context) => getCookie(c, SIGNED_IN_COOKIE) === '1'

const pathAndSearch = (c: Context) => {
  const url = new URL(c.req.url)
  return `${url.pathname}${url.search}`
}

/** A redirect that depends on the visitor, so no cache keeps it. */
function leaveFor(c: Context, target: string) {
  c.header('Cache-Control', 'no-store')
  return c.redirect(target, 302)
}

/**
 * The redirects of the guard (docs/product.md#the-guard, the rules in @templet/api/paths) that a page's own script
 * (apps/web/src/boot.ts) would make once the page had loaded, made by the server instead, so the visitor waits
 * for one page load rather than two: a sign-in page for a browser with the session hint goes to its `redirect`
 * or the dashboard (here), and a page of the app for a browser without it to `/login?redirect=…` (in
 * `mountWebApp`, which knows which pages those are). A stale hint costs a hop: the script on the page finds no
 * session, drops the cookie and goes on to sign in.
 */
export function signedInRedirect(): MiddlewareHandler {
  return async (c, next) => {
    const path = c.req.path.length > 1 ? c.req.path.replace(/\/$/, '') : c.req.path
    if (isSignInPath(path) && signedInHint(c)) return leaveFor(c, signedInTarget(new URL(c.req.url).search))
    await next()
  }
}

/**
 * A form posted to a page before the app took it over (a fast tap while the pre-rendered page loads):
 * `303 See Other` back to the same page, which the browser loads with GET, so the body (a password, say)
 * is dropped and never lands in a URL. Paths that would leave the site (`//host`) go to `/`.
 */
export function pagePostHandler() {
  return (c: Context) => {
    if (/^\/api(\/|$)/.test(c.req.path)) return c.notFound()
    const url = new URL(c.req.url)
    const target = /^\/[/\\]/.test(url.pathname) ? '/' : `${url.pathname}${url.search}`
    return c.redirect(target, 303)
  }
}
