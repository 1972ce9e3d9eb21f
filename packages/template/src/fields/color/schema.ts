import { z } from 'zod'
import { fieldKey, localizedTextSchema, opaqueHex } from '../../primitives'

export const colorFieldSchema = z
  .object({ key: fieldKey, kind: z.literal('color'), label: localizedTextSchema, default: opaqueHex })
  .strict()
export type ColorField = z.infer<typeof colorFieldSchema>
