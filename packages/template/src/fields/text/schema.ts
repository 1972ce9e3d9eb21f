import { z } from 'zod'
import { columnName, fieldKey, localizedTextSchema } from '../../primitives'

export const textFieldSchema = z
  .object({
    key: fieldKey,
    kind: z.literal('text'),
    label: localizedTextSchema,
    column: columnName.optional(),
    default: z.union([localizedTextSchema, z.string()]),
    minLength: z.number().int().min(0).optional(),
    maxLength: z.number().int().min(1).max(2000),
    multiline: z.boolean().optional(),
  })
  .strict()
export type TextField = z.infer<typeof textFieldSchema>
