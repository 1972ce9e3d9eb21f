import type { Creation } from '@templet/api/contract'
import type { CreationRow } from '../../db/schema'
import type { FileUrls } from '../../services/file-urls'
import { type CreationFile, keptRasterFormats, laterPageFiles, pageVariant } from './files'
import { pdfOptionsOf } from './pdf-options'

/** A creation as the API shows it, its files as signed URLs. */
export function creationView(urls: FileUrls, c: CreationRow): Creation {
  const url = (variant: CreationFile) => urls.url({ kind: 'creation', id: c.id, variant })
  const kept = keptRasterFormats(c)
  const pages = Array.from({ length: Math.max(0, c.pages - 1) }, () => ({}) as Record<string, string>)
  for (const p of laterPageFiles(c.pages, kept))
    (pages[p.page - 2] as Record<string, string>)[p.format] = urls.url({
      kind: 'creation',
      id: c.id,
      variant: pageVariant(p),
    })
  return {
    id: c.id,
    templateId: c.template_id,
    templateVersion: c.template_version ?? 1,
    typeId: c.template_type_id,
    name: c.name,
    sizeId: c.size_id,
    width: c.width,
    height: c.height,
    createdAt: new Date(c.created_at).toISOString(),
    thumbnailUrl: url('thumb'),
    files: {
      ...Object.fromEntries(kept.map((f) => [f, url(f)])),
      ...(c.has_pdf ? { pdf: url('pdf') } : {}),
      ...(c.print_pdf ? { pdfPrint: url('pdfPrint') } : {}),
      ...(c.sizes_pdf > 0 ? { pdfSizes: url('pdfSizes') } : {}),
      ...(pages.length > 0 && kept.length > 0 ? { pages } : {}),
    },
    ...(c.print_pdf ? { pdfPrintOptions: pdfOptionsOf(c.print_pdf) } : {}),
  }
}
