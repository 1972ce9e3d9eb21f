import {
  type PdfOptions,
  type ReceiptSheet,
  type Rendered,
  type RenderOptions,
  render,
  renderPdf,
  renderPreview,
  renderReceipt,
  type SanitizedFont,
  sanitizeFont,
} from '@templet/render'
import { parseTemplate, type Template, type Values } from '@templet/template'

/** A render's options as the server asks: `account`, whom it is drawn for, takes its turn in the render threads. */
export type AccountRenderOptions = RenderOptions & { account?: number | undefined }

/** A preview's options as the server asks: its longest side and format besides a render's. */
export type PreviewOptions = AccountRenderOptions & { maxSide?: number; format?: 'jpeg' | 'webp' | 'png' }

/** A PDF's options as the server asks: `account` takes its turn in the render threads as a render's does. */
export type AccountPdfOptions = PdfOptions & { account?: number | undefined }

/** The parts of @templet/render the server calls; tests swap in one that fails. */
export interface Renderer {
  render: (template: Template, values: Values, options?: AccountRenderOptions) => Promise<Rendered>
  renderPreview: (
    template: Template,
    values: Values,
    options?: PreviewOptions,
  ) => ReturnType<typeof renderPreview>
  renderPdf: (template: Template, rows: Values[], options?: AccountPdfOptions) => Promise<Buffer>
  /** A purchase's receipt as a PDF (`account` takes its turn as a render's does). */
  renderReceipt: (sheet: ReceiptSheet, options?: { account?: number }) => Promise<Buffer>
  /** An uploaded font file checked and re-encoded for keeping (`account` takes its turn as a render's does). */
  sanitizeFont: (bytes: Uint8Array, options?: { account?: number }) => Promise<SanitizedFont>
}
export const defaultRenderer: Renderer = { render, renderPreview, renderPdf, renderReceipt, sanitizeFont }

/** Parsed template definitions by their stored JSON text (parsing validates, so do it once per version). */
const parsed = new Map<string, Template>()
export function templateOf(definition: string): Template {
  let t = parsed.get(definition)
  if (!t) {
    t = parseTemplate(JSON.parse(definition))
    if (parsed.size > 500) parsed.clear()
    parsed.set(definition, t)
  }
  return t
}
