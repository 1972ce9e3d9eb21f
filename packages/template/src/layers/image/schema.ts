import { z } from 'zod'
import { resolveBound } from '../../paint'
import { bound, fieldKey, paintSchema, type Values } from '../../primitives'
import { layerBase } from '../base'

/** The most an image may be enlarged in its frame beyond its fit. */
export const IMAGE_ZOOM_MAX = 10

/**
 * An image's adjustments, as the CSS filters of the same names (which the browser's canvas and the server's
 * Skia both draw): brightness, contrast and saturation in percent (100 = unchanged), greyscale in percent
 * (0 = unchanged), blur as a radius in template px (it scales with the drawing).
 */
export const imageAdjustSchema = z
  .object({
    brightness: z.number().min(0).max(200).default(100),
    contrast: z.number().min(0).max(200).default(100),
    saturation: z.number().min(0).max(200).default(100),
    grayscale: z.number().min(0).max(100).default(0),
    blur: z.number().min(0).max(100).default(0),
  })
  .strict()
export type ImageAdjust = z.infer<typeof imageAdjustSchema>

/**
 * The canvas `filter` that draws `adjust` at `scale` template px per canvas px; undefined when every adjustment
 * is neutral (the image is drawn untouched, as before adjustments existed).
 */
export function adjustFilter(adjust: ImageAdjust | undefined, scale: number): string | undefined {
  if (!adjust) return undefined
  const parts = [
    adjust.brightness !== 100 && `brightness(${adjust.brightness}%)`,
    adjust.contrast !== 100 && `contrast(${adjust.contrast}%)`,
    adjust.saturation !== 100 && `saturate(${adjust.saturation}%)`,
    adjust.grayscale !== 0 && `grayscale(${adjust.grayscale}%)`,
    adjust.blur !== 0 && `blur(${+(adjust.blur * scale).toFixed(3)}px)`,
  ].filter((p): p is string => typeof p === 'string')
  return parts.length > 0 ? parts.join(' ') : undefined
}

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
    /**
     * How much further than its fit the image is enlarged in its frame (1 = as fitted, 2 = twice): with `focus`,
     * the crop. Absent in documents saved before crops, which draw as at 1.
     */
    zoom: z.number().min(1).max(IMAGE_ZOOM_MAX).optional(),
    /** Adjustments of the image's pixels; absent or at their neutral values, the image is drawn as uploaded. */
    adjust: imageAdjustSchema.optional(),
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
