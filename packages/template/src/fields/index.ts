import { z } from 'zod'
import { choiceFieldSchema } from './choice/schema'
import { colorFieldSchema } from './color/schema'
import { imageFieldSchema } from './image/schema'
import { textFieldSchema } from './text/schema'

export const fieldSchema = z.discriminatedUnion('kind', [
  textFieldSchema,
  imageFieldSchema,
  colorFieldSchema,
  choiceFieldSchema,
])
/** What a customer fills in: a text, an image, a colour or a choice. */
export type Field = z.infer<typeof fieldSchema>
export type FieldKind = Field['kind']
