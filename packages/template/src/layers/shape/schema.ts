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
  })
  .strict()
export type ShapeLayer = z.infer<typeof shapeLayerSchema>
