import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Context } from 'hono'

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

async function sendFile(c: Context, file: string, cacheControl: string) {
  return c.body(await readFile(file), 200, {
    'Content-Type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Cache-Control': cacheControl,
  })
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
 * The built web app from `root`: files as they are (long-cached under /assets/), and index.html for every
 * other path so the client router can take it (SPA fallback). Without a build, a placeholder page.
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
    const inside = file.startsWith(base + path.sep)
    if (inside && rel !== '/' && !rel.includes('\0') && (await isFile(file))) {
      return sendFile(c, file, rel.startsWith('/assets/') ? IMMUTABLE : REVALIDATE)
    }
    // A missing hashed asset must not turn into HTML that a browser would try to run as a script.
    if (rel.startsWith('/assets/')) return c.text('Not found', 404, { 'Cache-Control': REVALIDATE })
    const index = path.join(base, 'index.html')
    if (await isFile(index)) return sendFile(c, index, REVALIDATE)
    return c.html(PLACEHOLDER_PAGE, 200, { 'Cache-Control': REVALIDATE })
  }
}
