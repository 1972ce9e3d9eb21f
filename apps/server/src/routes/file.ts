import { sampleImages } from '@templet/catalogue'
import type { Locale, Template } from '@templet/template'
import { type Context, Hono } from 'hono'
import type { BrandKit } from '../features/brand-kit/brand-kit'
import type { Creations } from '../features/creations/creations'
import {
  CREATION_FILES,
  type CreationFile,
  pageFileName,
  pageFileOf,
  pageFileType,
} from '../features/creations/files'
import { definitionVersion, type Templates } from '../features/templates/templates'
import type { Uploads } from '../features/uploads/uploads'
import { attachment } from '../services/download-names'
import type { FileUrls } from '../services/file-urls'
import { BUSY_RETRY_SECONDS, BusyError, type WorkBudget } from '../services/image-work'
import { type Renderer, templateOf } from '../services/renderer'
import type { MediaStorage } from '../services/storage'
import { bodyBytes } from '../web/body'
import type { AppEnv } from './api'

export interface FileRouteDeps {
  creations: Creations
  uploads: Uploads
  templates: Templates
  storage: MediaStorage
  urls: FileUrls
  renderer: Renderer
  /** A customer's template draws its thumbnail in their brand families, as its downloads do. */
  brandKit: Pick<BrandKit, 'forRender'>
  /** Pixels rendered at once in this process (template thumbnails are renders too). */
  pixelBudget: WorkBudget
}

const gone = (c: Context<AppEnv>) => c.text('Not found', 404)
/** Thumbnails kept rendered (about 20-60 kB each). */
const MAX_KEPT_THUMBNAILS = 500

/**
 * Media files behind signed URLs (`/api/file/…`, see FileUrls): the signature and expiry are checked, then that
 * the creation or upload still exists, so a deleted creation's URLs stop working at once. The directory storage's
 * bytes are sent from here; with S3 the answer redirects to a presigned URL that lives no longer than the
 * signed one. Catalogue template thumbnails are public, customers' own are signed; each is rendered once per version.
 */
export function fileRoutes(d: FileRouteDeps): Hono<AppEnv> {
  const files = new Hono<AppEnv>()

  const send = async (
    c: Context<AppEnv>,
    key: string,
    contentType: string,
    secondsLeft: number,
    downloadName: string | undefined,
  ) => {
    const disposition = downloadName ? attachment(downloadName) : undefined
    const direct = await d.storage.directUrl(key, Math.min(secondsLeft, 300), disposition)
    if (direct) {
      c.header('Cache-Control', 'no-store')
      return c.redirect(direct, 302)
    }
    const data = await d.storage.get(key)
    if (!data) return gone(c)
    return c.body(bodyBytes(data), 200, {
      'Content-Type': contentType,
      // Private: only the holder of the signed URL; never kept past the URL's own expiry.
      'Cache-Control': `private, max-age=${Math.floor(secondsLeft)}`,
      'X-Content-Type-Options': 'nosniff',
      ...(disposition ? { 'Content-Disposition': disposition } : {}),
    })
  }

  files.get('/creation/:id/:variant', async (c) => {
    const { id, variant } = c.req.param()
    const page = pageFileOf(variant)
    if (!/^[1-9]\d{0,15}$/.test(id) || !(variant in CREATION_FILES || page)) return gone(c)
    const file = page
      ? { name: pageFileName(page), contentType: pageFileType(page) }
      : CREATION_FILES[variant as CreationFile]
    const left = d.urls.verify(
      { kind: 'creation', id: Number(id), variant },
      c.req.query('exp'),
      c.req.query('sig'),
    )
    if (left === undefined) return c.text('This link has expired or is not valid', 403)
    const download = c.req.query('download') === '1' ? (page ?? (variant as CreationFile)) : undefined
    const creation = await d.creations.files(Number(id), download)
    if (!creation) return gone(c)
    return send(c, `${creation.storagePrefix}/${file.name}`, file.contentType, left, creation.downloadName)
  })

  files.get('/upload/:id/image', async (c) => {
    const { id } = c.req.param()
    if (!/^[1-9]\d{0,15}$/.test(id)) return gone(c)
    const left = d.urls.verify(
      { kind: 'upload', id: Number(id), variant: 'image' },
      c.req.query('exp'),
      c.req.query('sig'),
    )
    if (left === undefined) return c.text('This link has expired or is not valid', 403)
    const upload = await d.uploads.file(Number(id))
    if (!upload) return gone(c)
    return send(c, upload.storageKey, upload.contentType, left, undefined)
  })

  const thumbnails = new Map<string, Promise<Buffer>>()
  files.get('/template/:id/:file', async (c) => {
    const { id, file } = c.req.param()
    const locale = file === 'en.webp' ? 'en' : file === 'zh-CN.webp' ? 'zh-CN' : undefined
    if (!/^[1-9]\d{0,15}$/.test(id) || !locale) return gone(c)
    const row = await d.templates.definition(Number(id))
    if (!row) return gone(c)
    // A customer's template is theirs: its thumbnail needs the signed URL their own list gave them.
    const left =
      row.ownerId === null
        ? undefined
        : d.urls.verify(
            { kind: 'template', id: row.id, variant: file },
            c.req.query('exp'),
            c.req.query('sig'),
          )
    if (row.ownerId !== null && (left === undefined || row.deleted)) return gone(c)
    const cacheKey = `${row.id}/${locale}/${definitionVersion(row.definition)}`
    let pending = thumbnails.get(cacheKey)
    if (!pending) {
      // Customers make versions without end: the kept thumbnails are bounded, the oldest dropped first.
      if (thumbnails.size >= MAX_KEPT_THUMBNAILS) thumbnails.delete(thumbnails.keys().next().value as string)
      pending = d.pixelBudget.run(THUMBNAIL_SIDE * THUMBNAIL_SIDE, () =>
        renderThumbnail(
          d.renderer,
          row.definition,
          locale,
          async (ref) => (row.ownerId === null ? undefined : d.uploads.ownBytes(row.ownerId, ref)),
          (t) => d.brandKit.forRender(row.ownerId, t),
        ),
      )
      thumbnails.set(cacheKey, pending)
      pending.catch(() => thumbnails.delete(cacheKey))
    }
    let data: Buffer
    try {
      data = await pending
    } catch (err) {
      if (!(err instanceof BusyError)) throw err
      return c.text('Busy; try again in a few seconds', 503, { 'Retry-After': String(BUSY_RETRY_SECONDS) })
    }
    return c.body(bodyBytes(data), 200, {
      'Content-Type': 'image/webp',
      // A catalogue URL carries the template's version, so a changed template is a new URL.
      'Cache-Control':
        left === undefined ? 'public, max-age=86400' : `private, max-age=${Math.floor(Math.min(left, 300))}`,
    })
  })

  files.all('*', (c) => gone(c))
  return files
}

const THUMBNAIL_SIDE = 480

async function renderThumbnail(
  renderer: Renderer,
  definition: string,
  locale: Locale,
  ownerUpload: (ref: string) => Promise<Buffer | undefined>,
  /** The document with its owner's brand families and their files (none for a catalogue template). */
  ownerFonts: (t: Template) => ReturnType<BrandKit['forRender']>,
): Promise<Buffer> {
  const { template: t, brandFonts } = await ownerFonts(templateOf(definition))
  // The samples' photos ship with @templet/catalogue ("sample:<name>"): a list shows the template as designed.
  // A fixed image (a logo) is one of the owner's uploads.
  const out = await renderer.renderPreview(t, t.samples[locale], {
    locale,
    maxSide: THUMBNAIL_SIDE,
    format: 'webp',
    images: async (ref) => (await sampleImages(ref)) ?? ownerUpload(ref),
    brandFonts,
  })
  return out.data
}
