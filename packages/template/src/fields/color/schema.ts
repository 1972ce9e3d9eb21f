import { z } from 'zod'
import { columnName, fieldKey, localizedTextSchema, opaqueHex } from '../../primitives'

export const colorFieldSchema = z
  .object({
    key: fieldKey,
    kind: z.literal('color'),
    label: localizedTextSchema,
    column: columnName.optional(),
    default: opaqueHex,
  })
  .strict()
export type ColorField = z.infer<typeof colorFieldSchema>
