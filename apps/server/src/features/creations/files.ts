import type { CreationFormat } from '@templet/api/contract'
import { RASTER_FORMATS, type RasterFormat } from '@templet/render'
import { printPixels, type Size, type Template } from '@templet/template'

/** The files of one creation under its storage prefix. */
export const CREATION_FILES = {
  png: { name: 'image.png', contentType: 'image/png' },
  jpeg: { name: 'image.jpg', contentType: 'image/jpeg' },
  webp: { name: 'image.webp', contentType: 'image/webp' },
  /** Only for a print size (A4, Letter, cards…): the PDF, the page trimmed to the sheet. */
  pdf: { name: 'document.pdf', contentType: 'application/pdf' },
  /** Beside it, the PDF a print shop takes: 3 mm bleed and crop marks (or what a `/v1` render asked for). */
  pdfPrint: { name: 'print.pdf', contentType: 'application/pdf' },
  /** When the template has several print sizes: one PDF with a page per size. */
  pdfSizes: { name: 'sizes.pdf', contentType: 'application/pdf' },
  thumb: { name: 'thumb.webp', contentType: 'image/webp' },
} as const
export type CreationFile = keyof typeof CREATION_FILES

/**
 * A raster file of a later page of a design of several pages (page 2 on; page 1's are `png`, `jpeg`, `webp`):
 * its variant in file URLs (`page2-png`) and its file beside the others (`page-2.png`). ADR 0198.
 */
export interface PageFile {
  page: number
  format: RasterFormat
}
export const pageVariant = (p: PageFile) => `page${p.page}-${p.format}`
/** The page file a URL's variant names (pages 2 to 99), or undefined. */
export function pageFileOf(variant: string): PageFile | undefined {
  const m = /^page([2-9]|[1-9]\d)-(png|jpeg|webp)$/.exec(variant)
  return m ? { page: Number(m[1]), format: m[2] as RasterFormat } : undefined
}
export const pageFileName = (p: PageFile) =>
  `page-${p.page}.${CREATION_FILES[p.format].name.split('.').pop() as string}`
export const pageFileType = (p: PageFile) => CREATION_FILES[p.format].contentType

/** The later pages' files of a creation of `pages` pages keeping `formats`, page by page. */
export const laterPageFiles = (pages: number, formats: readonly RasterFormat[]): PageFile[] =>
  Array.from({ length: Math.max(0, pages - 1) }, (_, i) =>
    formats.map((format) => ({ page: i + 2, format })),
  ).flat()

/** The storage keys of every file a creation under `prefix` of `pages` pages may have. */
export const creationFileKeys = (prefix: string, pages = 1): string[] => [
  ...(Object.keys(CREATION_FILES) as CreationFile[]).map((f) => `${prefix}/${CREATION_FILES[f].name}`),
  ...laterPageFiles(pages, RASTER_FORMATS).map((p) => `${prefix}/${pageFileName(p)}`),
]

/** The sizes of a template printed on paper, in its order: the pages of a creation's PDF of every size. */
export const printSizesOf = (t: Template) => t.sizes.filter((s) => s.print !== undefined)

/** The pixels of a size's raster files: its sheet at 300 dpi for a print size. */
export const pixelSize = (size: Size) => (size.print ? printPixels(size.print) : size)

/** The raster files a request asks for, in their order: all three when it names no formats. */
export const rasterFormatsAsked = (formats: readonly CreationFormat[] | undefined): RasterFormat[] =>
  RASTER_FORMATS.filter((f) => !formats || formats.includes(f))

/** The raster files a creation keeps: those of `raster_formats`, all three when it is null, none for a PDF alone. */
export function keptRasterFormats(c: { has_raster: number; raster_formats: string | null }): RasterFormat[] {
  if (!c.has_raster) return []
  const kept = c.raster_formats?.split(',')
  return RASTER_FORMATS.filter((f) => !kept || kept.includes(f))
}
