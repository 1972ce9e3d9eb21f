import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Config } from './config'
import type { Database } from './db/schema'
import { sharedSecret } from './db/server-secrets'
import { FileUrls, newFileUrlSecret } from './services/file-urls'
import { ImageWork } from './services/image-work'
import { threadRenderer } from './services/render-threads'
import { defaultRenderer, type Renderer } from './services/renderer'
import { type MediaStorage, openStorage } from './services/storage'

export interface MediaOptions {
  storage?: MediaStorage
  /** The key of file URL signatures; see {@link fileUrlSecret}. */
  fileUrlSecret?: string
  renderer?: Renderer
}

/**
 * The key that signs file URLs: `FILE_URL_SECRET` when set, else one made once and kept in the database, so
 * every process of one installation signs alike and URLs survive a restart.
 */
export async function fileUrlSecret(db: Kysely<Database>, config: Config): Promise<string> {
  return config.media.fileUrlSecret ?? sharedSecret(db, 'file_url', newFileUrlSecret)
}

/**
 * The renderer a process serves with. A creation's raster render (creations, /v1 renders, batch rows) draws in
 * `RENDER_THREADS` worker threads (services/render-threads.ts), accounts taking turns, so a long render holds up no
 * other request. Previews draw in a thread of their own: they are what a customer waits for while typing, so they
 * do not queue behind renders, and a costly one stalls no one else's request either; an uploaded font is checked and
 * re-encoded there too, for the same reasons, and a purchase's receipt is drawn there. PDFs (a print creation's, a
 * batch's document) draw in the render threads too. A drawing past `RENDER_TIME_LIMIT_SECONDS` (a PDF: per page)
 * is refused and its thread stopped; one whose thread's heap outgrows `RENDER_MEMORY_LIMIT_MB` is drawn again alone,
 * and refused if it outgrows it alone. Threads start with their first
 * drawing. The build puts the thread's script beside this module.
 */
export function threadedRenderer(config: Config) {
  const pool = (threads: number) =>
    threadRenderer(defaultRenderer, {
      script: new URL('./render-thread.js', import.meta.url),
      decodedImageCacheBytes: config.media.decodedImageCacheBytes,
      timeLimitSeconds: config.media.renderTimeLimitSeconds,
      memoryLimitMb: config.media.renderMemoryLimitMb,
      rssLimitMb: config.media.renderRssLimitMb,
      threads,
    })
  const renders = pool(config.media.renderThreads)
  const previews = pool(1)
  return {
    ...defaultRenderer,
    render: renders.render,
    renderPdf: renders.renderPdf,
    // A receipt is a page the customer waits for, as for a preview.
    renderReceipt: previews.renderReceipt,
    renderPreview: previews.renderPreview,
    // A customer waits for their upload as for a preview.
    sanitizeFont: previews.sanitizeFont,
    /** Starts the render threads (a worker process, before it takes jobs); the preview thread starts when used. */
    start: () => renders.start(),
    async close() {
      await Promise.all([renders.close(), previews.close()])
    },
  }
}

/**
 * The media every feature that keeps files shares: storage, signed file URLs, the renderer, and the pixels and
 * uploads this process works on at once. Creations, uploads, templates, the brand kit, account exports and
 * batches are built on it.
 */
export function mediaInfra(a: { config: Config; now: () => number; options: MediaOptions }) {
  const { config, now } = a
  const storage = a.options.storage ?? openStorage(config.media, config.dataDir)
  // Without a shared key (tests that build the app alone) URLs are valid in this process only.
  const secret = a.options.fileUrlSecret ?? config.media.fileUrlSecret ?? randomBytes(32).toString('hex')
  const urls = new FileUrls(Buffer.from(secret), config.media.fileUrlTtlSeconds, now)
  const renderer = a.options.renderer ?? defaultRenderer
  const { imageWork } = config.media
  const work = new ImageWork({
    uploadsAtOnce: imageWork.uploadsAtOnce,
    megapixelsAtOnce: imageWork.megapixelsAtOnce,
    maxWaitMs: imageWork.waitSeconds * 1000,
  })
  return { storage, urls, renderer, work }
}

export type MediaInfra = ReturnType<typeof mediaInfra>
