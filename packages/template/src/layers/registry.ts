import { z } from 'zod'
import type { Drawable } from '../canvas'
import type { Values } from '../primitives'
import { type DrawContext, isVisible, layerBox } from './context'
import type {
  AnyLayerPlugin,
  Binding,
  DrawnImage,
  FieldsByKey,
  LayerOf,
  LayerProblem,
  PlacedLayer,
  Typeset,
} from './kind'

/** The layer kinds a document may hold, and every reading of a layer made from them. */
export interface LayerRegistry<
  Kinds extends readonly AnyLayerPlugin[],
  L extends PlacedLayer = LayerOf<Kinds>,
> {
  readonly kinds: Kinds
  /** The schema of a layer: the union of the kinds' schemas, discriminated on `type`. */
  readonly schema: z.ZodType<L, z.input<Kinds[number]['schema']>>
  /** Draws a layer (when its `when` holds) with its opacity and rotation, in its box for the drawn size. */
  draw<Image extends Drawable>(layer: L, d: DrawContext<Image>): void
  /** Every property of a layer that may be bound to a field, with the kind of field it takes. */
  bindings(layer: L): Binding[]
  /** What the schema cannot check of a layer (the fields it names), each problem's property in the layer. */
  check(layer: L, fields: FieldsByKey): LayerProblem[]
  /** What the layer sets in type; undefined for a kind that sets none. */
  typeset(layer: L): Typeset | undefined
  /** Every image of the author's a layer may draw, with the property naming it; none for most kinds. */
  authorImages(layer: L): Array<{ property: string; ref: string }>
  /** The author's images a choice field picks among for the layer, by option value. */
  imageSet(layer: L): { field: string; map: Readonly<Record<string, string>> } | undefined
  /** The images a layer draws for these values. */
  images(layer: L, values: Values): DrawnImage[]
  /** The layer is drawn a second time for its shadow. */
  shadowed(layer: L): boolean
  /** A print's bleed extends the layer past the sheet's edges it reaches. */
  bleeds(layer: L): boolean
}

/**
 * A registry of layer kinds: the product's is `layerKinds` (`layers/index.ts`); a test makes its own with a
 * kind of its own, so no module's state changes. The kinds' `type`s must differ.
 */
export function createLayerRegistry<const Kinds extends readonly [AnyLayerPlugin, ...AnyLayerPlugin[]]>(
  kinds: Kinds,
): LayerRegistry<Kinds> {
  type L = LayerOf<Kinds>
  const byType = new Map<string, AnyLayerPlugin>()
  for (const kind of kinds) {
    if (byType.has(kind.type)) throw new Error(`two layer kinds of type "${kind.type}"`)
    byType.set(kind.type, kind)
  }
  // Each kind's schema is a z.object with its literal `type`, which the union is discriminated on.
  const schemas = kinds.map((k) => k.schema) as unknown as [z.ZodObject, ...z.ZodObject[]]
  const schema = z.discriminatedUnion('type', schemas) as unknown as z.ZodType<
    L,
    z.input<Kinds[number]['schema']>
  >
  const of = (layer: L): AnyLayerPlugin => {
    const kind = byType.get(layer.type)
    if (!kind) throw new Error(`no layer kind "${layer.type}"`)
    return kind
  }
  return {
    kinds,
    schema,
    draw(layer, d) {
      if (layer.hidden || !isVisible(layer, d)) return
      const { ctx } = d
      ctx.save()
      ctx.globalAlpha = layer.opacity ?? 1
      const box = layerBox(layer, d)
      if (layer.rotation) {
        // About the box's centre, so a rotated layer stays where its box is.
        const cx = box.x + box.w / 2
        const cy = box.y + box.h / 2
        ctx.translate(cx, cy)
        ctx.rotate((layer.rotation * Math.PI) / 180)
        ctx.translate(-cx, -cy)
      }
      const drawn = of(layer).draw(layer, box, d)
      if (drawn) d.onText?.(layer.id, drawn)
      ctx.restore()
    },
    bindings: (layer) => of(layer).bindings(layer),
    check: (layer, fields) => of(layer).check(layer, fields),
    typeset: (layer) => of(layer).typeset?.(layer),
    authorImages: (layer) => of(layer).authorImages?.(layer) ?? [],
    imageSet: (layer) => of(layer).imageSet?.(layer),
    images: (layer, values) => of(layer).images?.(layer, values) ?? [],
    shadowed: (layer) => of(layer).shadowed?.(layer) ?? false,
    bleeds: (layer) => of(layer).bleeds?.(layer) ?? false,
  }
}
