import { z } from 'zod'
import { columnName, fieldKey, localizedTextSchema } from '../../primitives'

export const imageFieldSchema = z
  .object({
    key: fieldKey,
    kind: z.literal('image'),
    label: localizedTextSchema,
    column: columnName.optional(),
    required: z.boolean().optional(),
  })
  .strict()
export type ImageField = z.infer<typeof imageFieldSchema>
