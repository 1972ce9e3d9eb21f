import { defaultSize, type Field, sizeOrDefault, type Template } from '@templet/template'
import type { PropertyControl } from './controls'
import type { AddEntry, DesignerLayerKind, NewLayerWords, PropertyContext, WordKey } from './kind'

/** What a layer of any kind of a registry has: its `type` and its id. */
type AnyLayer = { type: string; id: string }

/**
 * The designer's kinds, looked up by layer `type` and by Add menu item. Everything generic in the designer
 * (the toolbar, new layers, scaling a selection, the properties and fields panels) reads a layer through it.
 */
export function createDesignerRegistry<L extends AnyLayer>(kinds: readonly DesignerLayerKind<L>[]) {
  const byType = new Map(kinds.map((k) => [k.type, k]))
  const adds: AddEntry<L>[] = kinds.flatMap((k) => k.adds)
  if (byType.size !== kinds.length) throw new Error('Two designer kinds have one layer type')
  if (new Set(adds.map((a) => a.id)).size !== adds.length) throw new Error('Two Add menu items have one id')
  // The designer has one file input: the file it is given is placed by the one item placing an upload.
  const uploads = adds.filter((a) => a.fromUpload)
  if (uploads.length > 1) throw new Error('Two Add menu items place an upload')

  /** The kind of a layer; every layer of a document is of a kind of the registry. */
  const kindOf = (layer: { type: string }): DesignerLayerKind<L> => {
    const kind = byType.get(layer.type)
    if (!kind) throw new Error(`The designer has no kind of layer "${layer.type}"`)
    return kind
  }
  const addEntry = (id: string): AddEntry<L> => {
    const entry = adds.find((a) => a.id === id)
    if (!entry) throw new Error(`The Add menu has no item "${id}"`)
    return entry
  }

  return {
    kinds,
    kindOf,
    addEntry,
    /** The Add menu item placing an upload (a fixed image), if a kind has one. */
    uploadEntry: uploads[0],
    /** The Add menu's items in order; those placing an upload only when the host takes uploads. */
    addMenu: (uploads: boolean) => adds.filter((a) => uploads || !a.fromUpload),
    /**
     * A new layer of an Add menu item, centred in the size shown and scaled to it, with the model's defaults
     * filled in and the field it brings (an image's); it is not yet named.
     */
    newLayer(t: Template, sizeId: string, id: string, words: NewLayerWords): { layer: L; field?: Field } {
      const entry = addEntry(id)
      if (!entry.make) throw new Error(`The Add menu item "${id}" places an upload`)
      return entry.make(t, sizeOrDefault(t, sizeId), words)
    },
    /**
     * The layer with its px styles scaled by `k` as drawn in the size shown, the same object when `k` is 1 or
     * its kind has none of its own. A kind scales a style the model keeps once for every size only in the
     * first size, leaving the other sizes as they were designed.
     */
    scale(t: Template, layer: L, sizeId: string, k: number): L {
      const scale = kindOf(layer).scale
      if (k === 1 || !scale) return layer
      return scale(layer, k, { sizeId, first: sizeId === defaultSize(t).id })
    },
    /** The title of the layer's kind's properties section and its controls. */
    properties(layer: L, ctx: PropertyContext<L>): { section: WordKey; controls: PropertyControl[] } {
      const kind = kindOf(layer)
      return { section: kind.section, controls: kind.properties(layer, ctx) }
    },
  }
}

export type DesignerRegistry<L extends AnyLayer> = ReturnType<typeof createDesignerRegistry<L>>
