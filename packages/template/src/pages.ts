import type { Template, TemplatePage } from './document'

/** The page a design without `pages` has: its one page, which every layer is on. */
const ONLY_PAGE: TemplatePage = { id: 'page-1', name: 'Page 1' }

/**
 * A design's pages in order (ADR 0198): its `pages`, or the one page of a design saved without any. Every page is
 * drawn in every size.
 */
export const templatePages = (t: Pick<Template, 'pages'>): readonly TemplatePage[] =>
  t.pages && t.pages.length > 0 ? t.pages : [ONLY_PAGE]

/** How many pages a design has (1 for a design saved before pages). */
export const pageCount = (t: Pick<Template, 'pages'>) => templatePages(t).length

/** The id of the page a layer is on: its `page`, or the first page when it names none. */
export const layerPage = (t: Pick<Template, 'pages'>, layer: { page?: string | undefined }): string =>
  layer.page ?? (templatePages(t)[0] as TemplatePage).id

/** The layers of one page, in drawing order. */
export const pageLayers = (t: Pick<Template, 'pages' | 'layers'>, pageId: string): Template['layers'] =>
  t.layers.filter((layer) => layerPage(t, layer) === pageId)

/**
 * The design as one page of it draws: its layers only, every other property as it is. A page index past the
 * last, or a negative one, is refused with a RangeError (the caller's request names a page the design lacks).
 * A design of one page comes back as it is, the same object.
 */
export function onPage(t: Template, index = 0): Template {
  const pages = templatePages(t)
  const page = pages[index]
  if (!Number.isInteger(index) || !page)
    throw new RangeError(`template "${t.id}" has ${pages.length} page(s); there is no page ${index + 1}`)
  if (pages.length === 1) return t
  return { ...t, layers: pageLayers(t, page.id) }
}
