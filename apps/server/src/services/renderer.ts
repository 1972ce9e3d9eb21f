import { render, renderPdf, renderPreview } from '@templet/render'
import { parseTemplate, type Template } from '@templet/template'

/** The parts of @templet/render the server calls; tests swap in one that fails. */
export interface Renderer {
  render: typeof render
  renderPreview: typeof renderPreview
  renderPdf: typeof renderPdf
}
export const defaultRenderer: Renderer = { render, renderPreview, renderPdf }

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
