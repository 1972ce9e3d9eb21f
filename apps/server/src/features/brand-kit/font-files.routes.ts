import { readFile } from 'node:fs/promises'
import { libraryFamily } from '@templet/fonts'
import { coverageRanges, FAMILIES, facesOf } from '@templet/render'
import { libraryOfFace } from '@templet/template'
import { type Context, Hono } from 'hono'
import type { AppEnv } from '../../routes/api'
import type { FileUrls } from '../../services/file-urls'
import type { MediaStorage } from '../../services/storage'
import { bodyBytes } from '../../web/body'
import { type BrandKit, FONT_CONTENT_TYPES } from './brand-kit'
import { libraryWoff2 } from './library-fonts'

const gone = (c: Context<AppEnv>) => c.text('Not found', 404)
const YEAR = 365 * 24 * 3600

/** `400` or `700i`: a face's weight, and `i` for italic. */
const faceFileName = (weight: number, italic: boolean) => `${weight}${italic ? 'i' : ''}`

/**
 * The manifest of the fonts the server draws with: each face name of the model (`runFaces`) with its files'
 * weights and styles and their URLs. A browser loads the same files as `FontFace`s under the same names, so its
 * canvas shapes text as the server's does.
 */
export function shippedFontManifest(base = '/api/fonts') {
  return Object.fromEntries(
    FAMILIES.map((family) => [
      family,
      facesOf(family).map((f) => ({
        weight: f.weight,
        italic: f.italic,
        url: `${base}/${encodeURIComponent(family)}/${faceFileName(f.weight, f.italic)}`,
      })),
    ]),
  )
}

/**
 * The font files on the web: the shipped faces at `/api/fonts/<face>/<weight>[i]` (public, the same bytes for a
 * package version: cached for a year, `immutable`), their manifest at `/api/fonts/manifest.json`, what a face
 * can draw at `/api/fonts/<face>/coverage.json` (its code points as ranges, read from its character map once: the
 * editor names characters no font has without asking the server), and a brand kit's files at
 * `/api/file/font/<id>/file` behind a signed URL (private; the bytes of an id never change). The font library's
 * faces are at `/api/fonts/library/<slug>/<weight>[i].woff2` (public and immutable like the shipped faces).
 */
export function fontFileRoutes(d: { kit: BrandKit; urls: FileUrls; storage: MediaStorage }) {
  const shipped = new Hono<AppEnv>()
  const manifest = JSON.stringify(shippedFontManifest())
  shipped.get('/manifest.json', (c) =>
    c.body(manifest, 200, { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=3600' }),
  )
  shipped.get('/library/:slug/:face', async (c) => {
    const { slug, face } = c.req.param()
    const family = libraryFamily(slug)
    if (!family) return c.json({ error: 'the font library has no such family' }, 404)
    const m = /^([1-9]00)(i?)\.woff2$/.exec(face)
    const woff2 = m && libraryWoff2(family, Number(m[1]), m[2] === 'i')
    if (!woff2)
      return c.json({ error: `${family.name} has no such face (its faces are <weight>[i].woff2)` }, 404)
    return c.body(bodyBytes(await woff2), 200, {
      'Content-Type': 'font/woff2',
      'Cache-Control': `public, max-age=${YEAR}, immutable`,
      'Access-Control-Allow-Origin': '*',
      'X-Content-Type-Options': 'nosniff',
    })
  })
  shipped.get('/:family/coverage.json', (c) => {
    const { family } = c.req.param()
    // A library face's too: the editor judges a value's characters against every face it draws with.
    if (!FAMILIES.includes(family) && !libraryOfFace(family)) return gone(c)
    return c.json(coverageRanges(family), 200, { 'Cache-Control': 'public, max-age=3600' })
  })
  shipped.get('/:family/:face', async (c) => {
    const { family, face } = c.req.param()
    if (!FAMILIES.includes(family)) return gone(c)
    const file = facesOf(family).find((f) => faceFileName(f.weight, f.italic) === face)
    if (!file) return gone(c)
    return c.body(bodyBytes(await readFile(file.file)), 200, {
      'Content-Type': 'font/ttf',
      'Cache-Control': `public, max-age=${YEAR}, immutable`,
      'Access-Control-Allow-Origin': '*',
      'X-Content-Type-Options': 'nosniff',
    })
  })

  const brand = new Hono<AppEnv>()
  brand.get('/:id/file', async (c) => {
    const { id } = c.req.param()
    if (!/^[1-9]\d{0,15}$/.test(id)) return gone(c)
    const left = d.urls.verify(
      { kind: 'font', id: Number(id), variant: 'file' },
      c.req.query('exp'),
      c.req.query('sig'),
    )
    if (left === undefined) return c.text('This link has expired or is not valid', 403)
    const font = await d.kit.fileOf(Number(id))
    if (!font) return gone(c)
    const data = await d.storage.get(font.storage_key)
    if (!data) return gone(c)
    return c.body(bodyBytes(data), 200, {
      'Content-Type': FONT_CONTENT_TYPES[font.format],
      // The file of an id never changes; the URL's signature bounds how long it may be kept.
      'Cache-Control': `private, max-age=${Math.floor(left)}, immutable`,
      'X-Content-Type-Options': 'nosniff',
    })
  })
  return { shipped, brand }
}
