import { Zip, ZipPassThrough } from 'fflate'
import { Hono } from 'hono'
import type { Kysely } from 'kysely'
import { completedRowsOf, findBatch } from '../db/batches'
import type { Database } from '../db/schema'
import type { AppEnv } from '../routes/api'
import { CREATION_FILES, type CreationFile } from '../services/creations'
import type { FileUrls } from '../services/file-urls'
import type { MediaStorage } from '../services/storage'

const EXTENSIONS: Record<string, string> = { png: 'png', jpeg: 'jpg', webp: 'webp' }

/** A file name from a row's name: letters, digits and dashes only (any language's letters are kept). */
const safeName = (name: string | null) =>
  (name ?? '')
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)

/**
 * A finished batch's results as one ZIP (`/api/file/batch/<id>/zip?exp&sig`, signed like every file URL):
 * the asked formats of each completed row, `0001-<name>.png`, built while it is sent (one file in memory at
 * a time), stored uncompressed (the images are compressed already).
 */
export function batchArchiveRoute(d: { db: Kysely<Database>; storage: MediaStorage; urls: FileUrls }) {
  const app = new Hono<AppEnv>()
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
        const base = `${String(r.row_number).padStart(4, '0')}${safeName(r.name) ? `-${safeName(r.name)}` : ''}`
        return [
          { name: `${base}.${ext}`, key: `${r.storage_prefix}/${CREATION_FILES[f as CreationFile].name}` },
        ]
      }),
    )
    const zip = new Zip()
    let next = 0
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        zip.ondata = (err, chunk, final) => {
          if (err) return controller.error(err)
          controller.enqueue(chunk)
          if (final) controller.close()
        }
      },
      // One file per pull, so a slow download holds one file in memory, not the batch.
      async pull() {
        const file = files[next]
        next += 1
        if (!file) return zip.end()
        const bytes = await d.storage.get(file.key)
        if (!bytes) return
        const entry = new ZipPassThrough(file.name)
        zip.add(entry)
        entry.push(bytes, true)
      },
    })
    return new Response(body, {
      headers: {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="batch-${batch.id}.zip"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    })
  })
  return app
}
