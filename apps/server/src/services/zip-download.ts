import { Zip, ZipDeflate, ZipPassThrough } from 'fflate'
import type { MediaStorage } from './storage'

/** An entry of a streamed ZIP: JSON written as it is added, or a stored file read when its turn comes. */
export type ZipEntry = { name: string; json: unknown } | { name: string; key: string }

/**
 * A ZIP download built while it is sent (a batch's results, an account's export): one entry per pull, so a
 * slow download holds one file in memory, not all of them. A stored file gone since its row was read (deleted
 * meanwhile) is left out.
 */
export function zipDownload(storage: MediaStorage, entries: readonly ZipEntry[], filename: string): Response {
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
    async pull() {
      const entry = entries[next]
      next += 1
      if (!entry) return zip.end()
      if ('json' in entry) {
        const file = new ZipDeflate(entry.name, { level: 6 })
        zip.add(file)
        file.push(new TextEncoder().encode(`${JSON.stringify(entry.json, null, 2)}\n`), true)
        return
      }
      const bytes = await storage.get(entry.key)
      if (!bytes) return
      const file = new ZipPassThrough(entry.name)
      zip.add(file)
      file.push(bytes, true)
    },
  })
  return new Response(body, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
