import { randomUUID } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, gzip, constants as zlib } from 'node:zlib'
import type { Context, MiddlewareHandler } from 'hono'
import { getCookie } from 'hono/cookie'
import { answer } from '../answer'
import type { AppEnv } from '../routes/api'
import { bodyBytes } from './body'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
}

/** Hashed build output never changes under its name; everything else is revalidated on each load. */
const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'

const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json)|image\/svg\+xml)/
export type Encoding = 'br' | 'gzip'

/** The encoding to answer with: brotli when the browser takes it, else gzip, else none. */
function encodingFor(c: Context): Encoding | undefined {
  const accepted = c.req.header('Accept-Encoding') ?? ''
  if (/\bbr\b/.test(accepted)) return 'br'
  if (/\bgzip\b/.test(accepted)) return 'gzip'
  return undefined
}

/** A file of the build held in memory, with its compressed copies made (or read) on first use. */
interface CachedFile {
  body: Buffer
  type: string
  etag: string
  mtimeMs: number
  copies: Partial<Record<Encoding, Promise<Buffer>>>
  /** For a page with nonce slots: where in `body` the response's nonces go, in order. */
  slots: NonceSlot[]
}

export type NonceKind = 'style' | 'script'
interface NonceSlot {
  at: number
  kind: NonceKind
}

/**
 * The empty attributes a page carries (apps/web/index.html) for the response's CSP nonces: the style nonce the
 * app hands the dialogs' scroll lock, whose `<style>` element the policy admits only with it; the script nonce
 * on the inline script that runs before the first paint (inline, it costs no request of its own).
 */
const NONCE_SLOTS: [NonceKind, Buffer][] = [
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
  /** Undefined: no such file. */
  file: CachedFile | undefined
  checkedAt: number
}

/**
 * How long a looked-up path is trusted before it is looked up again. Reading the file on every request
 * (stat, open, read, close) was most of the cost of a static answer; a build changes rarely, and a
 * changed file is seen within this time.
 */
const RECHECK_MS = 1000
/** Bounds the cache: unknown paths (the SPA's routes, probes) each leave an entry until it is full. */
const MAX_ENTRIES = 2000

/**
 * The build's files in memory. Compressed copies are made once per file version: the web build writes
 * them beside each file (`x.js.br`, `x.js.gz`, apps/web/scripts/compress.mjs) and they are read from
 * there; a build without them is compressed here, once, since brotli's top quality is worth paying once,
 * not per request.
 */
class BuildFiles {
  readonly #entries = new Map<string, Promise<Entry>>()

  async get(file: string): Promise<CachedFile | undefined> {
    const now = Date.now()
    let entry = this.#entries.get(file)
    const known = entry ? await entry : undefined
    if (known && now - known.checkedAt < RECHECK_MS) return known.file
    entry = this.#load(file, known?.file, now)
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear()
    this.#entries.set(file, entry)
    return (await entry).file
  }

  async #load(file: string, previous: CachedFile | undefined, now: number): Promise<Entry> {
    try {
      const info = await stat(file)
      if (!info.isFile()) return { file: undefined, checkedAt: now }
      if (previous && previous.mtimeMs === info.mtimeMs && previous.body.length === info.size)
        return { file: previous, checkedAt: now }
      const body = await readFile(file)
      const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream'
      const etag = `"${info.size.toString(36)}-${Math.trunc(info.mtimeMs).toString(36)}"`
      const slots = type.startsWith('text/html') ? nonceSlots(body) : []
      return { file: { body, type, etag, mtimeMs: info.mtimeMs, copies: {}, slots }, checkedAt: now }
    } catch {
      return { file: undefined, checkedAt: now }
    }
  }
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

function compressedCopy(path: string, f: CachedFile, encoding: Encoding): Promise<Buffer> {
  let copy = f.copies[encoding]
  if (!copy) {
    copy = readPrecompressed(`${path}.${encoding === 'br' ? 'br' : 'gz'}`, f.mtimeMs).then(
      (stored) => stored ?? compress(f.body, encoding, 'best'),
    )
    copy.catch(() => {
      delete f.copies[encoding]
    })
    f.copies[encoding] = copy
  }
  return copy
}

/** The build's own compressed copy, unless it is missing or older than the file it compresses. */
async function readPrecompressed(copy: string, sourceMtimeMs: number): Promise<Buffer | undefined> {
  try {
    if ((await stat(copy)).mtimeMs < sourceMtimeMs) return undefined
    return await readFile(copy)
  } catch {
    return undefined
  }
}

async function sendFile(c: Context<AppEnv>, file: string, f: CachedFile, cacheControl: string) {
  if (f.slots.length > 0) return sendPageWithNonces(c, f)
  return sendStored(c, f, cacheControl, (encoding) => compressedCopy(file, f, encoding))
}

/**
 * A file held in memory: 304 to a matching If-None-Match, else its bytes, compressed (`compressed` makes or
 * finds the copy) when the type is text-like, the body is worth it and the client takes an encoding.
 */
export async function sendStored(
  c: Context<AppEnv>,
  f: { body: Buffer; type: string; etag: string },
  cacheControl: string,
  compressed: (encoding: Encoding) => Promise<Buffer>,
) {
  const headers: Record<string, string> = {
    'Content-Type': f.type,
    'Cache-Control': cacheControl,
    ETag: f.etag,
  }
  const compressible = COMPRESSIBLE.test(f.type)
  if (compressible) headers.Vary = 'Accept-Encoding'
  if (c.req.header('If-None-Match') === f.etag) return answer(c, null, 304, headers)
  const encoding = compressible && f.body.length > 1024 ? encodingFor(c) : undefined
  if (!encoding) return answer(c, bodyBytes(f.body), 200, headers)
  headers['Content-Encoding'] = encoding
  return answer(c, bodyBytes(await compressed(encoding)), 200, headers)
}

/**
 * A page with this response's nonces written in. Each answer is its own, so it has no ETag (a 304 would pair the
 * cached page's nonces with a new policy) and is compressed per request at a fast setting: ~0.35 ms and ~10 %
 * larger than the build's brotli 11 copy for a 40 kB page.
 */
async function sendPageWithNonces(c: Context<AppEnv>, f: CachedFile) {
  // randomUUID draws from a pool of entropy; getRandomValues on every request cost ~10 µs.
  const nonces: Record<NonceKind, string> = { script: randomUUID(), style: randomUUID() }
  const headers: Record<string, string> = {
    'Content-Type': f.type,
    'Cache-Control': REVALIDATE,
    Vary: 'Accept-Encoding',
  }
  const security = c.get('security')
  if (security) headers['Content-Security-Policy'] = security.pagePolicy(nonces)
  const parts: Buffer[] = []
  let from = 0
  for (const slot of f.slots) {
    parts.push(f.body.subarray(from, slot.at), Buffer.from(nonces[slot.kind]))
    from = slot.at
  }
  parts.push(f.body.subarray(from))
  const body = Buffer.concat(parts)
  const encoding = body.length > 1024 ? encodingFor(c) : undefined
  if (!encoding) return answer(c, bodyBytes(body), 200, headers)
  headers['Content-Encoding'] = encoding
  return answer(c, bodyBytes(await compress(body, encoding, 'fast')), 200, headers)
}

/** The page served while no web build exists. */
export const PLACEHOLDER_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Templet</title><link rel="stylesheet" href="/api/docs.css"></head>
<body><main><h1>Templet's API is running</h1>
<p>The web app has not been built yet (no <code>index.html</code> in <code>WEB_DIST</code>).</p>
<p>Read the <a href="/api/docs">API reference</a> or fetch <a href="/api/openapi.json">/api/openapi.json</a>.</p>
</main></body></html>`

/**
 * The built web app from `root`: files as they are (long-cached under /assets/); a pre-rendered page
 * (`<path>/index.html`, `index.html` for `/`) at its path; and for every other path the app's shell,
 * `app.html` (or `index.html` in a build that pre-renders nothing), so the client router can take it
 * (SPA fallback). Without a build, a placeholder page.
 */
export function webHandler(root: string) {
  const base = path.resolve(root)
  const files = new BuildFiles()
  const send = async (c: Context<AppEnv>, file: string, cacheControl: string) => {
    const f = await files.get(file)
    return f ? sendFile(c, file, f, cacheControl) : undefined
  }
  return async (c: Context<AppEnv>) => {
    let rel: string
    try {
      rel = decodeURIComponent(c.req.path)
    } catch {
      rel = '/'
    }
    const file = path.join(base, path.normalize(rel))
    const inside = file === base || file.startsWith(base + path.sep)
    if (inside && !rel.includes('\0')) {
      const asset = rel.startsWith('/assets/')
      const sent =
        (rel !== '/' ? await send(c, file, asset ? IMMUTABLE : REVALIDATE) : undefined) ??
        (asset ? undefined : await send(c, path.join(file, 'index.html'), REVALIDATE))
      if (sent) return sent
    }
    // A missing hashed asset must not turn into HTML that a browser would try to run as a script.
    if (rel.startsWith('/assets/')) return c.text('Not found', 404, { 'Cache-Control': REVALIDATE })
    for (const shell of ['app.html', 'index.html']) {
      const sent = await send(c, path.join(base, shell), REVALIDATE)
      if (sent) return sent
    }
    return c.html(PLACEHOLDER_PAGE, 200, { 'Cache-Control': REVALIDATE })
  }
}

/**
 * `/login` and `/register` for a browser that holds a session (the web app's `templet_signed_in` cookie, a hint
 * and not a credential: the session itself is in the browser's storage): `302` to `/dashboard`, where the
 * page's own script (apps/web/boot.js) would send the visitor once the sign-in page had loaded, so they wait
 * for one page load instead of two. A stale cookie costs a hop: boot.js on `/dashboard` finds no session,
 * drops the cookie and goes on to `/login?redirect=…`.
 */
export function signedInRedirect(): MiddlewareHandler {
  return async (c, next) => {
    if (/^\/(login|register)\/?$/.test(c.req.path) && getCookie(c, 'templet_signed_in') === '1') {
      c.header('Cache-Control', 'no-store')
      return c.redirect('/dashboard', 302)
    }
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
