import type { z } from 'zod'
import type { Drawable } from '../canvas'
import type { FontFamily } from '../fonts'
import type { Box, Values } from '../primitives'
import type { layerBase } from './base'
import type { DrawContext } from './context'
import type { Fit } from './image/schema'

/** What every layer kind's layer has: its `type`, and the properties of `layerBase`. */
export type PlacedLayer = z.infer<z.ZodObject<typeof layerBase>> & { type: string }

/** A property of a layer that may be bound to a field, with the kind of field it takes. */
export type Binding = [property: string, value: unknown, takes: 'color' | 'choice']

/** The fields of a template by key, as a layer's own checks read them. */
export type FieldsByKey = ReadonlyMap<string, { kind: string }>

/** One problem with one property of a layer, found by its kind's checks. */
export interface LayerProblem {
  property: string
  message: string
}

/** What a layer sets in type: its texts (`{{key}}` inserts a value), the families and the language it sets them in. */
export interface Typeset {
  texts: string[]
  /** Every family the text may be set in (all the model's when the font is a customer's choice). */
  families: readonly FontFamily[]
  lang: string | undefined
  /** `**bold**` and `*italic*` in the text and values, and colour runs in the text's own words, are read as markup. */
  markup: boolean
  /** Words are hyphenated by their language's patterns (absent: not). */
  hyphenate?: boolean
}

/** An image a layer draws for these values: the key of `DrawContext.images` it is drawn from, and how. */
export interface DrawnImage {
  key: string
  /** The author's image it is (a reference), or undefined for the image a field's value names. */
  src: string | undefined
  fit: Fit
}

/**
 * Everything the model knows of one layer kind. A kind is this object in its own folder and one entry of the
 * registry (`layers/index.ts`); every generic function of the model reads a layer through its kind.
 */
export interface LayerPlugin<L extends PlacedLayer, Input = unknown> {
  type: L['type']
  /** The layer's schema: a `z.object` with `type: z.literal(type)`, as the document's union is made of. */
  schema: z.ZodType<L, Input>
  /** Draws the layer in its box (the caller has applied its opacity and rotation); tells whether its text was cut. */
  draw<Image extends Drawable>(layer: L, box: Box, d: DrawContext<Image>): { truncated: boolean } | undefined
  /** Every property of the layer that may be bound to a field. */
  bindings(layer: L): Binding[]
  /** What the schema cannot check of the layer: the fields its properties and texts name. */
  check(layer: L, fields: FieldsByKey): LayerProblem[]
  /** The text the layer sets in type, for a kind that does. */
  typeset?(layer: L): Typeset
  /** Every image of the author's the layer may draw, with the property naming it (`src`, `src.map.dark`). */
  authorImages?(layer: L): Array<{ property: string; ref: string }>
  /** The author's set of images the layer draws the one a choice field's option picks of (by option value). */
  imageSet?(layer: L): { field: string; map: Readonly<Record<string, string>> } | undefined
  /** The images the layer draws for these values. */
  images?(layer: L, values: Values): DrawnImage[]
  /** The layer is drawn a second time for a shadow (what `documentCost` counts). */
  shadowed?(layer: L): boolean
  /** A print's bleed extends the layer past the sheet's edges it reaches (a background, a full-bleed photo). */
  bleeds?(layer: L): boolean
}

/**
 * A layer kind of any layer, as a registry holds it. Its methods are declared as methods, so a kind of one
 * layer type is one of these; the registry calls them only with a layer of the kind's own `type`.
 */
export type AnyLayerPlugin = LayerPlugin<PlacedLayer>

/** The layer of a registry's kinds: the exact union of their layers. */
export type LayerOf<Kinds extends readonly AnyLayerPlugin[]> = z.output<Kinds[number]['schema']>
