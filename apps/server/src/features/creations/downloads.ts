import { downloadName, sizeTag } from '../../services/download-names'
import { findCreation } from './creations.queries'
import type { CreationDeps } from './deps'
import { type CreationFile, type PageFile, printSizesOf } from './files'

const EXTENSIONS: Record<CreationFile, string> = {
  png: 'png',
  jpeg: 'jpg',
  webp: 'webp',
  pdf: 'pdf',
  pdfPrint: 'pdf',
  pdfSizes: 'pdf',
  thumb: 'webp',
}

/**
 * Where creation `id`'s files are kept, for its signed URLs (the signature names the creation), and with
 * `download`, the name that file is saved under: `award-certificate-a4.pdf`, `…-a4-print.pdf` for the print
 * shops' PDF, `…-a4-letter.pdf` for the one of every print size, `…-square-page-2.png` for a later page's image.
 */
export async function creationFiles(
  d: Pick<CreationDeps, 'db' | 'templates'>,
  id: number,
  download?: CreationFile | PageFile,
): Promise<{ storagePrefix: string; downloadName?: string } | undefined> {
  const row = await findCreation(d.db, id)
  if (!row) return undefined
  if (!download) return { storagePrefix: row.storage_prefix }
  const template = await d.templates
    .resolve(row.user_id, row.template_id, row.template_version ?? undefined)
    .then((t) => t.template)
    .catch(() => undefined)
  // Only names the download: a creation whose template (or size) is gone since is named after its stored size id.
  const size = template?.sizes.find((s) => s.id === row.size_id) ?? { id: row.size_id }
  if (typeof download === 'object')
    return {
      storagePrefix: row.storage_prefix,
      downloadName: downloadName(
        row.name,
        [sizeTag(size), `page-${download.page}`],
        EXTENSIONS[download.format],
      ),
    }
  const tags =
    download === 'pdfSizes' && template
      ? [...new Set(printSizesOf(template).map(sizeTag))]
      : download === 'pdfPrint'
        ? [sizeTag(size), 'print']
        : [sizeTag(size)]
  return {
    storagePrefix: row.storage_prefix,
    downloadName: downloadName(row.name, tags, EXTENSIONS[download]),
  }
}
