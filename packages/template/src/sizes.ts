import type { Size, Template } from './document'

/** What these functions read of a template: its sizes (a document's, or an API view's with its own labels). */
type Sized<S extends { id: string } = Size> = { readonly sizes: readonly S[] }

/**
 * A size the template does not have: the template's id, the size asked for and the ids it has, so that each
 * caller words its own refusal (the app's 400, the developer API's `invalid_request`, the renderer's error).
 */
export class UnknownSizeError extends Error {
  readonly code = 'UNKNOWN_SIZE'
  readonly templateId: string
  readonly sizeId: string
  /** The template's size ids, in its order (the first is the default). */
  readonly sizeIds: string[]
  constructor(t: Sized<{ id: string }> & Pick<Template, 'id'>, sizeId: string) {
    const sizeIds = t.sizes.map((s) => s.id)
    super(`template "${t.id}" has no size "${sizeId}"; it has ${sizeIds.join(', ')}`)
    this.name = 'UnknownSizeError'
    this.templateId = t.id
    this.sizeId = sizeId
    this.sizeIds = sizeIds
  }
}

/** The template's default size: its first (the schema requires at least one). */
export function defaultSize<S extends { id: string } = Size>(t: Sized<S>): S {
  return t.sizes[0] as S
}

/**
 * The size of that id, or the default size when `id` is undefined. An id the template does not have throws
 * `UnknownSizeError`: a request for a size is never drawn in another one.
 */
export function sizeOf<S extends { id: string } = Size>(
  t: Sized<S> & Pick<Template, 'id'>,
  id: string | undefined,
): S {
  if (id === undefined) return defaultSize(t)
  const size = t.sizes.find((s) => s.id === id)
  if (!size) throw new UnknownSizeError(t, id)
  return size
}

/**
 * For showing only, never for a request: the size of that id, else the default size. A view must still open
 * what was stored or chosen before the document changed: an old creation whose size a newer version removed,
 * a draft or designer state naming a size since deleted or renamed.
 */
export function sizeOrDefault<S extends { id: string } = Size>(t: Sized<S>, id: string | undefined): S {
  return t.sizes.find((s) => s.id === id) ?? defaultSize(t)
}
