/** What a print shop asks of a PDF: a 3 mm bleed around the sheet, and crop marks outside it. */
export interface PdfOptions {
  bleed: boolean
  cropMarks: boolean
}

/** The PDF for print shops that every creation of a print size keeps beside its trimmed one. */
export const PRINT_SHOP_PDF: PdfOptions = { bleed: true, cropMarks: true }

/** As stored (`bleed,crop_marks`), or null for a PDF trimmed to the sheet. */
export function pdfOptionsText(o: PdfOptions | undefined): string | null {
  const words = [o?.bleed && 'bleed', o?.cropMarks && 'crop_marks'].filter(Boolean)
  return words.length > 0 ? words.join(',') : null
}

export function pdfOptionsOf(text: string | null): PdfOptions {
  const words = new Set(text?.split(',') ?? [])
  return { bleed: words.has('bleed'), cropMarks: words.has('crop_marks') }
}
