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
  /** Omitted: the whole canvas. */
  box: boxSchema.optional(),
  opacity: z.number().min(0).max(1).optional(),
  when: whenSchema.optional(),
  bySize: z.record(z.string(), sizeOverride).optional(),
}
