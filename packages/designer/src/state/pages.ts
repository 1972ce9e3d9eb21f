import { type Layer, layerPage, type Template, type TemplatePage, templatePages } from '@templet/template'
import { dropFieldIfUnused, fieldInUse } from './fields'
import { regroupCopies, tidyGroups } from './groups'
import { uniqueLayerId } from './uniques'

/**
 * The designer's edits of a design's pages (ADR 0198). A design of one page keeps neither `pages` nor a layer's
 * `page`; the first edit that makes a second page writes both, every layer naming its page, so a later reorder
 * never moves a layer that named none onto another page. Back to one page, the design drops both again.
 */

/**
 * The design with its pages written out and every layer naming its page: what a reorder of pages needs. The one
 * page of a design without pages is called `{word} 1`, in the designer's language.
 */
function pinned(t: Template, word = 'Page'): Template {
  const pages = t.pages ?? templatePages(t).map((p) => ({ ...p, name: `${word} 1` }))
  return {
    ...t,
    pages: [...pages],
    layers: t.layers.map((l) => (l.page === undefined ? ({ ...l, page: layerPage(t, l) } as Layer) : l)),
  }
}

/** A design left with one page: as a design that never had pages. */
function flattened(t: Template): Template {
  if (templatePages(t).length > 1) return t
  const { pages: _, ...rest } = t
  return {
    ...rest,
    layers: t.layers.map((l) => {
      if (l.page === undefined) return l
      const { page: _p, ...plain } = l
      return plain as Layer
    }),
  }
}

/** `page-2`, `page-3` …: the first page id the design lacks. */
function newPageId(t: Template): string {
  const taken = new Set(templatePages(t).map((p) => p.id))
  for (let n = 2; ; n++) if (!taken.has(`page-${n}`)) return `page-${n}`
}

/** `{word} n` for the first n no page of the design is called. */
export function newPageName(t: Template, word: string): string {
  const taken = new Set(templatePages(t).map((p) => p.name))
  for (let n = templatePages(t).length + 1; ; n++) if (!taken.has(`${word} ${n}`)) return `${word} ${n}`
}

/** The index of page `id`, else the first page's (a page an undo took away). */
export const pageIndex = (t: Template, id: string | undefined): number =>
  Math.max(
    0,
    templatePages(t).findIndex((p) => p.id === id),
  )

/** The id of the page shown: `id` while the design has it, else the first page's. */
export const shownPage = (t: Template, id: string | undefined): string =>
  (templatePages(t)[pageIndex(t, id)] as TemplatePage).id

/** A blank page after page `after`, called `{word} n` (the first free n); its id. */
export function addPage(t: Template, after: string, word: string): { document: Template; pageId: string } {
  const p = pinned(t, word)
  const id = newPageId(p)
  const pages = [...(p.pages ?? [])]
  pages.splice(pageIndex(p, after) + 1, 0, { id, name: newPageName(p, word) })
  return { document: { ...p, pages }, pageId: id }
}

/** A copy of page `id` after it, called `{word} n`: its layers copied with ids of their own, its groups anew. */
export function duplicatePage(t: Template, id: string, word: string): { document: Template; pageId: string } {
  const added = addPage(t, id, word)
  let next = added.document
  const copies: Layer[] = []
  for (const l of next.layers) {
    if (layerPage(added.document, l) !== id || l.page === added.pageId) continue
    const copy = { ...l, id: uniqueLayerId(next, l.id), page: added.pageId } as Layer
    next = { ...next, layers: [...next.layers, copy] }
    copies.push(copy)
  }
  const regrouped = regroupCopies(next, copies, t.groups ?? [])
  const renamed = new Map(regrouped.copies.map((c) => [c.id, c]))
  next = { ...regrouped.document, layers: regrouped.document.layers.map((l) => renamed.get(l.id) ?? l) }
  return { document: tidyGroups(next), pageId: added.pageId }
}

/** Page `id` moved to index `to` of the pages (clamped); the same design when it stays. */
export function movePage(t: Template, id: string, to: number): Template {
  const from = templatePages(t).findIndex((p) => p.id === id)
  const pages = [...templatePages(t)]
  const at = Math.min(Math.max(0, to), pages.length - 1)
  if (from < 0 || from === at) return t
  const [page] = pages.splice(from, 1)
  pages.splice(at, 0, page as TemplatePage)
  return { ...pinned(t), pages }
}

/** Page `id` and its layers removed, with the fields only they used; never the last page. */
export function removePage(t: Template, id: string): Template {
  const pages = templatePages(t)
  if (pages.length < 2 || !pages.some((p) => p.id === id)) return t
  const p = pinned(t)
  const layers = p.layers.filter((l) => l.page !== id)
  const orphans = p.fields.filter((f) => fieldInUse(p, f.key)).map((f) => f.key)
  const kept = { ...p, pages: pages.filter((x) => x.id !== id), layers }
  return flattened(orphans.reduce(dropFieldIfUnused, tidyGroups(kept)))
}

/** Page `id` called `name` (trimmed; an empty name leaves it as it was). */
export function renamePage(t: Template, id: string, name: string): Template {
  const trimmed = name.trim().slice(0, 80)
  const page = templatePages(t).find((p) => p.id === id)
  if (!trimmed || !page || page.name === trimmed) return t
  const p = pinned(t)
  return { ...p, pages: (p.pages ?? []).map((x) => (x.id === id ? { ...x, name: trimmed } : x)) }
}

/**
 * The layers with `reorder` applied to page `id`'s layers alone (the layers panel shows one page): the page's
 * layers take their new order in the places they had among the others.
 */
export function withinPage(t: Template, id: string, reorder: (page: Template) => Layer[]): Layer[] {
  if (templatePages(t).length < 2) return reorder(t)
  const on = t.layers.filter((l) => layerPage(t, l) === id)
  const moved = reorder({ ...t, layers: on })
  if (moved === on) return t.layers
  let i = 0
  return t.layers.map((l) => (layerPage(t, l) === id ? (moved[i++] as Layer) : l))
}
