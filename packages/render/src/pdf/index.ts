import {
  effectiveValues,
  hyphenationLanguages,
  type Locale,
  loadHyphenation,
  type Template,
  templatePages,
  type Values,
} from '@templet/template'
import { registerBrandFonts } from '../brand-fonts'
import {
  drawTemplate,
  loadImages,
  outputPixels,
  pickPage,
  pickSize,
  RenderError,
  type RenderOptions,
} from '../render'
import { PdfWriter } from './drawn'
import { PdfImages } from './images'
import { drawCropMarks, type PageOptions, pageGeometry, withBleed } from './page'

export { drawPdf, type PdfPageContext } from './drawn'
export { type ReceiptParty, type ReceiptSheet, renderReceipt } from './receipt'

export interface PdfOptions extends Omit<RenderOptions, 'decodedImages'>, PageOptions {
  /**
   * Several sizes of the template: each row gets its pages in each size, in this order. Default: `[sizeId]`.
   */
  sizeIds?: string[]
  /** The document's title (default: the template's name in `locale`). */
  title?: string
  /** The document's author: the customer. */
  author?: string
  /** Each row's value languages (a batch's rows each carry their own), before `valueLanguages`. */
  rowLanguages?: readonly (Readonly<Record<string, string>> | undefined)[]
}

/** A batch larger than this is split by the caller: one PDF holds every page in memory until it is written. */
export const MAX_PDF_PAGES = 1000

// Photos drawn on a PDF page keep JPEG's bytes; Skia re-encodes only what has no JPEG of its own.
const ENCODING_QUALITY = 90

/**
 * One PDF of a template: for each row of values, in each size, every page of the design (or the one `page`
 * names), in order: row 1's pages in the first size, in the next size…, then row 2's.
 * Vector where the template is: text is text (fonts embedded as subsets, ActualText so it copies and
 * searches right, Chinese and Arabic included), shapes are paths, photos are embedded at the pixels they
 * are drawn at (300 dpi on a print size). Each page is the size's sheet in points, with a 3 mm bleed and
 * crop marks when asked.
 */
export async function renderPdf(t: Template, rows: Values[], o: PdfOptions = {}): Promise<Buffer> {
  const sizes = (o.sizeIds ?? [o.sizeId]).map((id) => pickSize(t, id))
  const pages = o.page === undefined ? templatePages(t).map((_, i) => pickPage(t, i)) : [pickPage(t, o.page)]
  const count = rows.length * sizes.length * pages.length
  if (count === 0) throw new RenderError('NO_PAGES', 'a PDF needs at least one row of values')
  if (count > MAX_PDF_PAGES)
    throw new RenderError(
      'TOO_MANY_PAGES',
      `a PDF holds at most ${MAX_PDF_PAGES} pages; this one would have ${count}`,
    )
  const locale: Locale = o.locale ?? 'en'
  registerBrandFonts(o.brandFonts ?? [])
  const writer = new PdfWriter({
    title: o.title ?? t.name[locale],
    ...(o.author && { author: o.author }),
    encodingQuality: ENCODING_QUALITY,
  })
  const images = o.images && new PdfImages(o.images)
  for (const [row, values] of rows.entries())
    for (const size of sizes)
      for (const page of pages) {
        const g = pageGeometry(size, o)
        const bled = withBleed(page, size, g.bleed / g.scale.x, g.bleed / g.scale.y)
        const effective = effectiveValues(t, values, locale)
        // Photos at the pixels the raster outputs draw them at: 300 dpi on a print size.
        const pixels = outputPixels(size)
        const drawnScale = Math.max(pixels.width / size.width, pixels.height / size.height)
        const decoded = images ? await loadImages(bled, size, drawnScale, effective, images.load) : new Map()
        const valueLanguages = o.rowLanguages?.[row] ?? o.valueLanguages
        await loadHyphenation(hyphenationLanguages(page, { locale, lang: o.lang, valueLanguages }))
        writer.page(g, (ctx) => {
          if (o.cropMarks) {
            // Nothing of the design reaches into the marks: it stops at the bleed.
            ctx.save()
            ctx.beginPath()
            ctx.rect(
              g.margin - g.bleed,
              g.margin - g.bleed,
              g.trimBox.width + 2 * g.bleed,
              g.trimBox.height + 2 * g.bleed,
            )
            ctx.clip()
          }
          ctx.save()
          ctx.translate(g.margin, g.margin)
          ctx.scale(g.scale.x, g.scale.y)
          // What is printed never shows a placeholder (see RenderOptions.placeholders).
          drawTemplate(ctx, bled, size, locale, effective, decoded, {
            lang: o.lang,
            valueLanguages,
            placeholders: o.placeholders ?? false,
            watermark: o.watermark,
          })
          ctx.restore()
          if (o.cropMarks) {
            ctx.restore()
            drawCropMarks(ctx, g)
          }
        })
      }
  return writer.finish(locale)
}
