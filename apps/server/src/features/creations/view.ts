import type { Creation } from '@templet/api/contract'
import type { CreationRow } from '../../db/schema'
import type { FileUrls } from '../../services/file-urls'
import { type CreationFile, keptRasterFormats } from './files'
import { pdfOptionsOf } from './pdf-options'

/** A creation as the API shows it, its files as signed URLs. */
export function creationView(urls: FileUrls, c: CreationRow): Creation {
  const url = (variant: CreationFile) => urls.url({ kind: 'creation', id: c.id, variant })
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
      ...Object.fromEntries(keptRasterFormats(c).map((f) => [f, url(f)])),
      ...(c.has_pdf ? { pdf: url('pdf') } : {}),
      ...(c.print_pdf ? { pdfPrint: url('pdfPrint') } : {}),
      ...(c.sizes_pdf > 0 ? { pdfSizes: url('pdfSizes') } : {}),
    },
    ...(c.print_pdf ? { pdfPrintOptions: pdfOptionsOf(c.print_pdf) } : {}),
  }
}
