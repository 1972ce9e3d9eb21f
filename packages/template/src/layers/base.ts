import { z } from 'zod'
import { boxSchema, fieldKey, slug } from '../primitives'

/** Show the layer only when a field's value is one of `in`, or (for an image field) when an image is set. */
const whenSchema = z
  .object({ field: fieldKey, in: z.array(z.string()).min(1).optional(), present: z.boolean().optional() })
  .strict()

export const alignSchema = z.enum(['start', 'end', 'left', 'center', 'right'])

/**
 * A layer may sit elsewhere in the template's other sizes, keyed by size id; a text may also take another
 * font size and alignment there.
 */
const sizeOverride = z
  .object({
    box: boxSchema.optional(),
    size: z.number().positive().optional(),
    align: alignSchema.optional(),
  })
  .strict()

/** What every layer kind has. */
export const layerBase = {
  id: slug,
  /** What a designer calls the layer in its layers panel (its id when omitted); never drawn. */
  name: z.string().trim().min(1).max(80).optional(),
  /** Omitted: the whole canvas. */
  box: boxSchema.optional(),
  /** Degrees clockwise about the box's centre. */
  rotation: z.number().min(-360).max(360).optional(),
  opacity: z.number().min(0).max(1).optional(),
  /** Not drawn anywhere (the designer's eye toggle): kept in the document, left out of every render. */
  hidden: z.boolean().optional(),
  /** The designer does not move or select it on the canvas (a background); drawing is unchanged. */
  locked: z.boolean().optional(),
  /** The designer's group the layer is in (ADR 0196), one of the template's `groups`; never drawn. */
  group: slug.optional(),
  /** The page the layer is on (ADR 0198), one of the template's `pages`; absent: the first page. */
  page: slug.optional(),
  when: whenSchema.optional(),
  bySize: z.record(z.string(), sizeOverride).optional(),
}
