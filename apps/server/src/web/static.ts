import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, gzip, constants as zlib } from 'node:zlib'
import type { Context } from 'hono'

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

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile()
  } catch {
    return false
  }
}

const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json)|image\/svg\+xml)/
type Encoding = 'br' | 'gzip'

/** The encoding to answer with: brotli when the browser takes it, else gzip, else none. */
function encodingFor(c: Context): Encoding | undefined {
  const accepted = c.req.header('Accept-Encoding') ?? ''
  if (/\bbr\b/.test(accepted)) return 'br'
  if (/\bgzip\b/.test(accepted)) return 'gzip'
  return undefined
}

/**
 * Compressed copies of the build's files, made once per file version: the web build writes them beside
 * each file (`x.js.br`, `x.js.gz`, apps/web/scripts/compress.mjs) and they are read from there; a build
 * without them is compressed here, once, since brotli's top quality is worth paying once, not per request.
 */
const compressed = new Map<string, Promise<Buffer>>()
function compressedCopy(file: string, mtimeMs: number, body: Buffer, encoding: Encoding): Promise<Buffer> {
  const key = `${encoding}:${mtimeMs}:${file}`
  let copy = compressed.get(key)
  if (!copy) {
    copy = readPrecompressed(`${file}.${encoding === 'br' ? 'br' : 'gz'}`, mtimeMs).then(
      (stored) =>
        stored ??
        (encoding === 'br'
          ? brotli(body, {
              params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
            })
          : gzipAsync(body, { level: 9 })),
    )
    copy.catch(() => compressed.delete(key))
    compressed.set(key, copy)
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

async function sendFile(c: Context, file: string, cacheControl: string) {
  const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream'
  const headers: Record<string, string> = { 'Content-Type': type, 'Cache-Control': cacheControl }
  const [body, info] = await Promise.all([readFile(file), stat(file)])
  const encoding = COMPRESSIBLE.test(type) && body.length > 1024 ? encodingFor(c) : undefined
  if (!encoding) return c.body(body, 200, headers)
  headers['Content-Encoding'] = encoding
  headers.Vary = 'Accept-Encoding'
  return c.body(new Uint8Array(await compressedCopy(file, info.mtimeMs, body, encoding)), 200, headers)
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
  return async (c: Context) => {
    let rel: string
    try {
      rel = decodeURIComponent(c.req.path)
    } catch {
      rel = '/'
    }
    const file = path.join(base, path.normalize(rel))
    const inside = file === base || file.startsWith(base + path.sep)
    if (inside && !rel.includes('\0')) {
      if (rel !== '/' && (await isFile(file))) {
        return sendFile(c, file, rel.startsWith('/assets/') ? IMMUTABLE : REVALIDATE)
      }
      const page = path.join(file, 'index.html')
      if (!rel.startsWith('/assets/') && (await isFile(page))) return sendFile(c, page, REVALIDATE)
    }
    // A missing hashed asset must not turn into HTML that a browser would try to run as a script.
    if (rel.startsWith('/assets/')) return c.text('Not found', 404, { 'Cache-Control': REVALIDATE })
    for (const shell of ['app.html', 'index.html']) {
      const shellFile = path.join(base, shell)
      if (await isFile(shellFile)) return sendFile(c, shellFile, REVALIDATE)
    }
    return c.html(PLACEHOLDER_PAGE, 200, { 'Cache-Control': REVALIDATE })
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
