import { z } from 'zod'
import { columnName, fieldKey, localizedTextSchema } from '../../primitives'

export const choiceFieldSchema = z
  .object({
    key: fieldKey,
    kind: z.literal('choice'),
    label: localizedTextSchema,
    column: columnName.optional(),
    default: z.string(),
    options: z.array(z.object({ value: z.string().min(1), label: localizedTextSchema }).strict()).min(2),
  })
  .strict()
export type ChoiceField = z.infer<typeof choiceFieldSchema>
