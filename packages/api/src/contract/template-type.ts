import { z } from 'zod'
import { resetTokenField } from './envelope'
import { localizedText } from './media-fields'

export const templateType = z.object({
  id: z.number().int().positive(),
  /** Stable text id of the catalogue ("social-posts"). */
  slug: z.string(),
  /** English name; `names` has both languages. */
  name: z.string(),
  names: localizedText,
  /** Whether the caller starred it; always false for an anonymous caller. */
  starred: z.boolean(),
  stars: z.number().int().nonnegative(),
  templateCount: z.number().int().nonnegative(),
})
export type TemplateType = z.infer<typeof templateType>

export const templateTypeListData = z.array(templateType)

export const starBody = z.strictObject({
  id: z.number({ error: 'id must be a number' }).int().positive(),
  star: z.boolean({ error: 'star must be true or false' }),
})
export type StarBody = z.infer<typeof starBody>

export const starData = z.object({
  id: z.number().int(),
  starred: z.boolean(),
  stars: z.number().int().nonnegative(),
  ...resetTokenField,
})
export type StarData = z.infer<typeof starData>
