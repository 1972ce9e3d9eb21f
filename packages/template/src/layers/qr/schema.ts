import { z } from 'zod'
import { colorSchema } from '../../primitives'
import { layerBase } from '../base'

/**
 * A QR code of a text (a link, usually), drawn as a square centred in its box. `{{key}}` inserts a field's
 * value, so the customer can fill in their own link.
 */
export const qrLayerSchema = z
  .object({
    ...layerBase,
    type: z.literal('qr'),
    data: z.string().min(1).max(1000),
    color: colorSchema.default('#000000'),
    /** The light modules and the quiet zone; omitted, they are left clear (the design shows through). */
    background: colorSchema.optional(),
    /** Error correction: L 7 %, M 15 %, Q 25 %, H 30 % of the code may be damaged and still read. */
    ecc: z.enum(['L', 'M', 'Q', 'H']).default('M'),
    /** The quiet zone around the code, in modules (scanners want 4; 2 reads on most). */
    margin: z.number().int().min(0).max(8).default(2),
  })
  .strict()
export type QrLayer = z.infer<typeof qrLayerSchema>
