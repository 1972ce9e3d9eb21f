import type { RasterFormat } from '@templet/render'
import { Hono } from 'hono'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { AppEnv } from '../../routes/api'
import { attachment, fileStem } from '../../services/download-names'
import type { FileUrls } from '../../services/file-urls'
import type { MediaStorage } from '../../services/storage'
import { zipDownload } from '../../services/zip-download'
import { bodyBytes } from '../../web/body'
import { CREATION_FILES, type CreationFile, laterPageFiles, pageFileName } from '../creations/files'
import type { Batches } from './batches'
import { completedRowsOf, findBatch } from './batches.queries'

const EXTENSIONS: Record<string, string> = { png: 'png', jpeg: 'jpg', webp: 'webp', pdf: 'pdf' }
/** A row's file of a format: its PDF is the print shops' one when it asked for bleed or crop marks. */
const fileOf = (format: string, pdfOptions: string | null): CreationFile =>
  format === 'pdf' && pdfOptions ? 'pdfPrint' : (format as CreationFile)

/**
 * A finished batch's results (signed like every file URL): one ZIP (`/api/file/batch/<id>/zip?exp&sig`) of
 * the asked formats of each completed row, `0001-<name>.png`, built while it is sent (one file in memory at
 * a time), stored uncompressed (the images are compressed already); and its PDF with a page per completed row
 * (`/api/file/batch/<id>/pdf?exp&sig`), written when the batch finished.
 */
export function batchArchiveRoute(d: {
  db: Kysely<Database>
  storage: MediaStorage
  urls: FileUrls
  batches: Batches
}) {
  const app = new Hono<AppEnv>()
  app.get('/:id/pdf', async (c) => {
    const id = c.req.param('id')
    const ref = { kind: 'batch' as const, id: Number(id), variant: 'pdf' }
    const left = /^[1-9]\d{0,15}$/.test(id)
      ? d.urls.verify(ref, c.req.query('exp'), c.req.query('sig'))
      : undefined
    if (left === undefined) return c.text('Not found', 404)
    const file = await d.batches.pdfFile(ref.id)
    if (!file) return c.text('Not found', 404)
    const disposition = attachment(file.name)
    const direct = await d.storage.directUrl(file.key, Math.min(left, 300), disposition)
    if (direct) return c.redirect(direct, 302)
    const bytes = await d.storage.get(file.key)
    if (!bytes) return c.text('Not found', 404)
    return c.body(bodyBytes(bytes), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': disposition,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    })
  })
  app.get('/:id/zip', async (c) => {
    const id = c.req.param('id')
    const ref = { kind: 'batch' as const, id: Number(id), variant: 'zip' }
    if (!/^[1-9]\d{0,15}$/.test(id) || !d.urls.verify(ref, c.req.query('exp'), c.req.query('sig')))
      return c.text('Not found', 404)
    const batch = await findBatch(d.db, ref.id)
    if (!batch || batch.status === 'running') return c.text('Not found', 404)
    const rows = await completedRowsOf(d.db, batch.id)
    const files = rows.flatMap((r) =>
      r.formats.split(',').flatMap((f) => {
        const ext = EXTENSIONS[f]
        if (!ext) return []
        const stem = fileStem(r.name ?? '')
        const base = `${String(r.row_number).padStart(4, '0')}${stem ? `-${stem}` : ''}`
        // A design of several pages: each later page's image follows the first's (`0001-menu-page-2.png`).
        const later = f === 'pdf' ? [] : laterPageFiles(r.pages, [f as RasterFormat])
        return [
          {
            name: `${base}.${ext}`,
            key: `${r.storage_prefix}/${CREATION_FILES[fileOf(f, r.pdf_options)].name}`,
          },
          ...later.map((p) => ({
            name: `${base}-page-${p.page}.${ext}`,
            key: `${r.storage_prefix}/${pageFileName(p)}`,
          })),
        ]
      }),
    )
    return zipDownload(d.storage, files, `batch-${batch.id}.zip`)
  })
  return app
}
