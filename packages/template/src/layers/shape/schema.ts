import { z } from 'zod'
import { colorSchema, paintSchema, shadowSchema } from '../../primitives'
import { layerBase } from '../base'

export const shapeLayerSchema = z
  .object({
    ...layerBase,
    type: z.literal('shape'),
    shape: z.enum(['rect', 'ellipse', 'line']).default('rect'),
    fill: paintSchema.optional(),
    stroke: z.object({ color: colorSchema, width: z.number().positive() }).strict().optional(),
    radius: z.number().min(0).default(0),
    /** A drop shadow under the fill (or the line). */
    shadow: shadowSchema.optional(),
  })
  .strict()
export type ShapeLayer = z.infer<typeof shapeLayerSchema>
