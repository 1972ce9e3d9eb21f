import { z } from 'zod'
import { PAGE_SIZE_MAX, SEARCH_TEXT_MAX_LENGTH } from '../limits'

/** Text in both languages of the app; the plain `name`/`label` beside it is the English one. */
export const localizedText = z.object({ en: z.string(), 'zh-CN': z.string() })
export type LocalizedText = z.infer<typeof localizedText>

const positiveId = (what: string) =>
  z.coerce
    .number({ error: `${what} must be a number` })
    .int({ error: `${what} must be a whole number` })
    .positive({ error: `${what} must be a positive number` })
    .max(Number.MAX_SAFE_INTEGER, { error: `${what} is too large` })

/** A numeric id in a query string (`?id=3`). */
export const queryId = positiveId
/** A numeric id in a JSON body (no coercion: `"3"` is a 400). */
export const bodyId = (what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .int({ error: `${what} must be a whole number` })
    .positive({ error: `${what} must be a positive number` })
    .max(Number.MAX_SAFE_INTEGER, { error: `${what} is too large` })

export const page = z.coerce
  .number({ error: 'page must be a number' })
  .int()
  .min(1, { error: 'page must be at least 1' })
  .default(1)
/** A page size in a query string, 1 to PAGE_SIZE_MAX, `fallback` when left out. */
export const pageSizeOr = (fallback: number) =>
  z.coerce
    .number({ error: 'pageSize must be a number' })
    .int()
    .min(1, { error: `pageSize must be between 1 and ${PAGE_SIZE_MAX}` })
    .max(PAGE_SIZE_MAX, { error: `pageSize must be between 1 and ${PAGE_SIZE_MAX}` })
    .default(fallback)
export const pageSize = pageSizeOr(20)
export const searchText = z
  .string()
  .trim()
  .max(SEARCH_TEXT_MAX_LENGTH, { error: `q must be at most ${SEARCH_TEXT_MAX_LENGTH} characters` })
  .optional()

export const locale = z.enum(['en', 'zh-CN'], { error: 'locale must be en or zh-CN' })
