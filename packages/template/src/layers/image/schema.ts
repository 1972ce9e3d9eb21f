import { z } from 'zod'
import { bound, fieldKey, paintSchema } from '../../primitives'
import { layerBase } from '../base'

export const imageLayerSchema = z
  .object({
    ...layerBase,
    type: z.literal('image'),
    /** The image field the customer fills; an image layer has this or `src`. */
    field: fieldKey.optional(),
    /**
     * A fixed image the template's author placed (a logo): its reference, for the server one of the author's
     * uploads. It is part of the design, not a field: the customer does not fill or see it.
     */
    src: z.string().min(1).max(200).optional(),
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
 * The key a layer's decoded image is kept under in a DrawContext's `images`: its field's key, or for a fixed
 * image `src:<ref>` (field keys never hold a colon, so the two never meet).
 */
export const imageKey = (layer: Pick<ImageLayer, 'field' | 'src'>): string =>
  layer.src !== undefined ? `src:${layer.src}` : (layer.field ?? '')

/** How an image layer fits its box. */
export type Fit = 'cover' | 'contain'

/** The scale at which an image of `width` × `height` pixels fills (cover) or fits in (contain) a box. */
export function fitScale(fit: Fit, box: { w: number; h: number }, width: number, height: number): number {
  return fit === 'cover' ? Math.max(box.w / width, box.h / height) : Math.min(box.w / width, box.h / height)
}
