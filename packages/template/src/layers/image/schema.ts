import { z } from 'zod'
import { resolveBound } from '../../paint'
import { bound, fieldKey, paintSchema, type Values } from '../../primitives'
import { layerBase } from '../base'

export const imageLayerSchema = z
  .object({
    ...layerBase,
    type: z.literal('image'),
    /** The image field the customer fills; an image layer has this or `src`. */
    field: fieldKey.optional(),
    /**
     * A fixed image the template's author placed (a logo): its reference, for the server one of the author's
     * uploads. It is part of the design, not a field: the customer does not fill or see it. Or an image from
     * the author's set, picked by the customer: `{ "field": "logo", "map": { "light": "17", "dark": "18" } }`
     * maps each option of a choice field to one of the author's images.
     */
    src: bound(z.string().min(1).max(200)).optional(),
    fit: bound(z.enum(['cover', 'contain'])).default('cover'),
    /** The point of the image kept in view when `cover` crops it, as fractions (0.5, 0.5 = centre). */
    focus: z
      .object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) })
      .strict()
      .default({ x: 0.5, y: 0.5 }),
    /** Corner radius in px; a radius of half the shorter side makes a circle. */
    radius: z.number().min(0).default(0),
    /** What a missing image looks like (a quiet fill with an image mark). */
    placeholder: paintSchema.default('#e7e5e4'),
  })
  .strict()
export type ImageLayer = z.infer<typeof imageLayerSchema>

/**
 * The author's image a layer draws for these values: its fixed `src`, or the image its choice maps the chosen
 * option to; undefined for a layer the customer fills (and for an option the map lacks).
 */
export const imageSrc = (layer: Pick<ImageLayer, 'src'>, values: Values): string | undefined =>
  layer.src === undefined ? undefined : resolveBound<string | undefined>(layer.src, values, undefined)

/**
 * Every image of the author's a layer may draw, with the property naming it: its fixed `src`, or each
 * option's image of a set (`src.map.dark`). What a server checks and keeps with the template.
 */
export function srcRefs(layer: Pick<ImageLayer, 'src'>): Array<{ property: string; ref: string }> {
  const src = layer.src
  if (src === undefined) return []
  if (typeof src === 'string') return [{ property: 'src', ref: src }]
  return Object.entries(src.map ?? {}).map(([option, ref]) => ({ property: `src.map.${option}`, ref }))
}

/**
 * The key a layer's decoded image is kept under in a DrawContext's `images`: its field's key, or for an
 * author's image (fixed, or the one a choice picks for these values) `src:<ref>` (field keys never hold a
 * colon, so the two never meet).
 */
export function imageKey(layer: Pick<ImageLayer, 'field' | 'src'>, values: Values = {}): string {
  const src = imageSrc(layer, values)
  return src !== undefined ? `src:${src}` : (layer.field ?? '')
}

/** How an image layer fits its box. */
export type Fit = 'cover' | 'contain'

/** The scale at which an image of `width` × `height` pixels fills (cover) or fits in (contain) a box. */
export function fitScale(fit: Fit, box: { w: number; h: number }, width: number, height: number): number {
  return fit === 'cover' ? Math.max(box.w / width, box.h / height) : Math.min(box.w / width, box.h / height)
}
