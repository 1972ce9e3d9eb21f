import { z } from 'zod'
import { colorSchema, paintSchema } from '../../primitives'
import { layerBase } from '../base'

export const shapeLayerSchema = z
  .object({
    ...layerBase,
    type: z.literal('shape'),
    shape: z.enum(['rect', 'ellipse', 'line']).default('rect'),
    fill: paintSchema.optional(),
    stroke: z.object({ color: colorSchema, width: z.number().positive() }).strict().optional(),
    radius: z.number().min(0).default(0),
    /** A drop shadow under the fill (or the line): offset and blur in px. */
    shadow: z
      .object({
        color: colorSchema,
        x: z.number().min(-200).max(200).default(0),
        y: z.number().min(-200).max(200).default(4),
        blur: z.number().min(0).max(200).default(8),
      })
      .strict()
      .optional(),
  })
  .strict()
export type ShapeLayer = z.infer<typeof shapeLayerSchema>
