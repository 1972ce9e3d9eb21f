import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { type Context, Hono } from 'hono'
import { etag } from 'hono/etag'
import type { AppEnv } from '../routes/api'
import { bodyBytes } from './body'
import { buildOpenApiDocument } from './openapi'
import { compress, type Encoding, encodingFor } from './static'

interface Asset {
  body: Buffer
  type: string
  etag: string
  cacheControl: string
  copies: Partial<Record<Encoding, Promise<Buffer>>>
}

/** The files of swagger-ui-dist the page loads; its other files (maps, other bundles) are never served. */
const DIST_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
}

/** Under a URL that names the package version, so a new version is a new URL. */
const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'

// A file, so the page runs no inline script and the policy needs no script nonce or hash for it.
const initJs = (base: string) => `SwaggerUIBundle({
  url: '${base}/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
})
`

/**
 * The stylesheet of the placeholder page (static.ts links it while no web build exists). Swagger UI brings its
 * own; this one stays so the placeholder keeps its look.
 */
const PLACEHOLDER_CSS = `:root { color-scheme: light dark; }
body { margin: 0; font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { max-width: 920px; margin: 0 auto; padding: 2rem 1.25rem 4rem; }
a { color: #4f46e5; }
@media (prefers-color-scheme: dark) { a { color: #8b85ff; } }
code { font: 0.9em ui-monospace, SFMono-Regular, Menlo, monospace; }
`

function asset(body: Buffer | string, type: string, cacheControl: string): Asset {
  const bytes = Buffer.from(body)
  const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"`
  return { body: bytes, type, etag, cacheControl, copies: {} }
}

/** Made once per file and kept. */
function compressedCopy(a: Asset, encoding: Encoding): Promise<Buffer> {
  let copy = a.copies[encoding]
  if (!copy) {
    copy = compress(a.body, encoding, 'best')
    a.copies[encoding] = copy
  }
  return copy
}

/** The bytes, compressed as the browser accepts when worth it; hono's `etag` answers a revalidation with 304. */
async function send(c: Context<AppEnv>, a: Asset) {
  const headers: Record<string, string> = {
    'Content-Type': a.type,
    'Cache-Control': a.cacheControl,
    ETag: a.etag,
    Vary: 'Accept-Encoding',
  }
  const encoding = a.body.length > 1024 ? encodingFor(c) : undefined
  if (!encoding) return c.body(bodyBytes(a.body), 200, headers)
  headers['Content-Encoding'] = encoding
  return c.body(bodyBytes(await compressedCopy(a, encoding)), 200, headers)
}

interface Reference {
  version: string
  page: Asset
  init: Asset
  files: Map<string, Asset>
}

/**
 * swagger-ui-dist's directory, found from this module: from src under tsx or vitest and from the built
 * dist/main.js alike, as the package is a dependency of this app.
 */
function distDir(): string {
  return path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))
}

/** Where a reference is served and what it shows: the app's `/api` by default, `/v1` for developers. */
export interface ReferenceOptions {
  base: string
  title: string
  document: () => unknown
}
const apiOptions: ReferenceOptions = {
  base: '/api',
  title: 'Templet API reference',
  document: buildOpenApiDocument,
}

async function loadReference(o: ReferenceOptions): Promise<Reference> {
  const dir = distDir()
  const { version } = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')) as {
    version: string
  }
  const files = new Map<string, Asset>()
  for (const [name, type] of Object.entries(DIST_FILES))
    files.set(name, asset(await readFile(path.join(dir, name)), type, IMMUTABLE))
  const base = `${o.base}/docs/${version}`
  const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${o.title}</title>
<link rel="stylesheet" href="${base}/swagger-ui.css">
<script src="${base}/swagger-ui-bundle.js" defer></script>
<script src="${o.base}/docs/init.js" defer></script>
</head><body><div id="swagger-ui"></div></body></html>
`
  return {
    version,
    page: asset(page, 'text/html; charset=utf-8', REVALIDATE),
    init: asset(initJs(o.base), 'text/javascript; charset=utf-8', REVALIDATE),
    files,
  }
}

/**
 * The API reference, mounted under /api: the OpenAPI document, and Swagger UI (from the swagger-ui-dist package,
 * read at the first request and held in memory) showing it at /api/docs.
 */
export function apiReference(o: ReferenceOptions = apiOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  let document: Asset | undefined
  const openApi = () => {
    document ??= asset(JSON.stringify(o.document()), 'application/json', REVALIDATE)
    return document
  }
  let reference: Promise<Reference> | undefined
  const loaded = () => {
    if (!reference) {
      reference = loadReference(o)
      // A failed read is tried again at the next request rather than kept.
      reference.catch(() => {
        reference = undefined
      })
    }
    return reference
  }

  // Per route: a sub-app's `use('*')` would reach every route under /api.
  const revalidated = etag()
  app.get('/openapi.json', revalidated, (c) => send(c, openApi()))
  app.get('/docs', revalidated, async (c) => send(c, (await loaded()).page))
  app.get('/docs/init.js', revalidated, async (c) => send(c, (await loaded()).init))
  app.get('/docs/:version/:file', revalidated, async (c) => {
    const r = await loaded()
    const file = c.req.param('version') === r.version ? r.files.get(c.req.param('file')) : undefined
    // A real 404, not the API's envelope (HTTP 200): a browser or cache must not keep it as the file.
    return file ? send(c, file) : c.text('Not found', 404, { 'Cache-Control': REVALIDATE })
  })
  app.get('/docs.css', (c) =>
    c.body(PLACEHOLDER_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': REVALIDATE }),
  )
  return app
}
