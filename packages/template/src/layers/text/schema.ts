import { z } from 'zod'
import { fontFamilies } from '../../fonts'
import { bound, colorSchema, localizedTextSchema } from '../../primitives'
import { alignSchema, layerBase } from '../base'

export const textLayerSchema = z
  .object({
    ...layerBase,
    type: z.literal('text'),
    /** The text; `{{key}}` inserts a field's value. A localised text picks the render's locale. */
    text: z.union([z.string(), localizedTextSchema]),
    font: bound(z.enum(fontFamilies)).default('sans'),
    weight: z
      .union([z.literal(400), z.literal(500), z.literal(600), z.literal(700), z.literal(800)])
      .default(400),
    /** Font size in px. */
    size: z.number().positive(),
    color: colorSchema.default('#111111'),
    /** `start` and `end` follow the text's direction (start is right for Arabic and Hebrew). */
    align: bound(alignSchema).default('start'),
    valign: bound(z.enum(['top', 'middle', 'bottom'])).default('top'),
    /** Line height as a multiple of the font size. */
    lineHeight: z.number().positive().default(1.2),
    /** Extra space between letters in em. */
    letterSpacing: z.number().default(0),
    transform: z.enum(['none', 'uppercase']).default('none'),
    /** `auto` takes the direction of the first strong character (Unicode bidi rule P2). */
    direction: z.enum(['auto', 'ltr', 'rtl']).default('auto'),
    wrap: z.boolean().default(true),
    maxLines: z.number().int().positive().optional(),
    /** Shrink the font (not below `minSize` px) until the text fits its box and `maxLines`. */
    shrinkToFit: z.object({ minSize: z.number().positive() }).strict().optional(),
  })
  .strict()
export type TextLayer = z.infer<typeof textLayerSchema>

/** The `{{key}}` references of a text. */
export const fieldReferences = (text: string) =>
  [...text.matchAll(/\{\{\s*([^}\s]+)\s*\}\}/g)].map((m) => m[1] ?? '')

/** The texts a layer may show (one per language when it is localised). */
export const layerTexts = (layer: TextLayer) =>
  typeof layer.text === 'string' ? [layer.text] : [layer.text.en, layer.text['zh-CN']]
