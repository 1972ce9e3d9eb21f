import { PDFDocument, type SKRSContext2D } from '@napi-rs/canvas'
import { loadFaces } from '../fonts'
import { withCubicCurves } from './curves'
import type { FinishedPage } from './document'
import type { PdfBox } from './page'
import { markTexts } from './text'

/** A page's boxes in PDF user space, and the whole points Skia draws it on (its top-left corner is the media box's). */
export interface PageFrame {
  page: { width: number; height: number }
  mediaBox: PdfBox
  bleedBox: PdfBox
  trimBox: PdfBox
}

/** A page of `width` × `height` points with no bleed, drawn from its top-left corner. */
export function plainFrame(width: number, height: number): PageFrame {
  const page = { width: Math.ceil(width - 1e-6), height: Math.ceil(height - 1e-6) }
  const box = { x: 0, y: page.height - height, width, height }
  return { page, mediaBox: box, bleedBox: box, trimBox: box }
}

/** What a page is drawn on: Skia's Canvas 2D context. */
export type PdfPageContext = SKRSContext2D

export interface PdfMeta {
  title: string
  author?: string
  /** JPEG quality of photos Skia encodes itself. */
  encodingQuality?: number
}

/**
 * Skia's PDF document with pages drawn by the caller on a Canvas 2D context, finished the way every PDF of
 * the renderer is (document.ts): exact page boxes, the language, text marked so it copies and searches right
 * (Chinese included), ellipses as four cubics. The template's PDFs and any document laid out in code (a
 * receipt) go through it alike.
 */
export class PdfWriter {
  private readonly doc: PDFDocument
  private readonly pages: FinishedPage[] = []

  constructor(meta: PdfMeta) {
    this.doc = new PDFDocument({
      title: meta.title,
      ...(meta.author && { author: meta.author }),
      creator: 'Templet',
      producer: 'Templet (Skia/PDF)',
      ...(meta.encodingQuality !== undefined && { encodingQuality: meta.encodingQuality }),
    })
  }

  /** Draws one page in page points from its top-left corner. */
  page(frame: PageFrame, draw: (ctx: SKRSContext2D) => void) {
    // The page's context is Skia's 2D context; the package's typings name it after the DOM's.
    const ctx = this.doc.beginPage(frame.page.width, frame.page.height) as unknown as SKRSContext2D
    const drawn = markTexts(ctx, { x: frame.page.width / 2, y: frame.page.height / 2 })
    withCubicCurves(ctx)
    ctx.imageSmoothingQuality = 'high'
    draw(ctx)
    this.doc.endPage()
    this.pages.push({ mediaBox: frame.mediaBox, bleedBox: frame.bleedBox, trimBox: frame.trimBox, drawn })
  }

  /** The finished document; `language` is its `/Lang` (a BCP 47 tag). */
  async finish(language: string): Promise<Buffer> {
    // pdf-lib is loaded by the first PDF, not with the renderer: most processes never make one.
    const { finishPdf } = await import('./document')
    return finishPdf(this.doc.close(), this.pages, language)
  }
}

/**
 * A PDF of pages laid out in code (not a template): each page `width` × `height` points, drawn by `draw`
 * with the shipped font families it names in `families` (registered on first use).
 */
export function drawPdf(
  pages: ((ctx: SKRSContext2D) => void)[],
  o: PdfMeta & { width: number; height: number; language: string; families: string[] },
): Promise<Buffer> {
  loadFaces(o.families)
  const writer = new PdfWriter(o)
  for (const draw of pages) writer.page(plainFrame(o.width, o.height), draw)
  return writer.finish(o.language)
}
