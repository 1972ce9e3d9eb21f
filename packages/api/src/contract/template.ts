import { z } from 'zod'
import { localizedText, page, pageSize, queryId, searchText } from './media-fields'

/** Query of `GET /template/list`. */
export const templateListQuery = z.strictObject({
  typeId: queryId('typeId').optional(),
  /** Matches the template's name in either language, case-insensitively. */
  q: searchText,
  page,
  pageSize,
})
export type TemplateListQuery = z.input<typeof templateListQuery>

export const templateSummary = z.object({
  id: z.number().int().positive(),
  /** Stable text id of the catalogue ("bold-quote"). */
  slug: z.string(),
  typeId: z.number().int().positive(),
  /** English name; `names` has both languages. */
  name: z.string(),
  names: localizedText,
  /** Of the default (first) size. */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** A render of the English sample values; `thumbnailUrls` has one per language. Public, cacheable. */
  thumbnailUrl: z.string(),
  thumbnailUrls: localizedText,
})
export type TemplateSummary = z.infer<typeof templateSummary>
export const templateListData = z.array(templateSummary)

export const creationFormat = z.enum(['png', 'jpeg', 'webp', 'pdf'])
export type CreationFormat = z.infer<typeof creationFormat>

export const templateSize = z.object({
  id: z.string(),
  /** The layout's pixels; a print size's PNG, JPEG and WebP are its sheet at 300 dpi instead. */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  label: z.string(),
  labels: localizedText,
  /** The sheet a print size is printed on. */
  print: z
    .object({ width: z.number().positive(), height: z.number().positive(), unit: z.enum(['mm', 'in']) })
    .optional(),
  /** What a creation of this size can be downloaded as: PDF too for a print size. */
  formats: z.array(creationFormat),
})

const fieldBase = {
  key: z.string(),
  /** Its header in the bulk CSV and its name in `/v1` values (the key is taken as well). */
  column: z.string().optional(),
  label: z.string(),
  labels: localizedText,
}
export const templateField = z.discriminatedUnion('kind', [
  z.object({
    ...fieldBase,
    kind: z.literal('text'),
    /** The default text per language. */
    defaults: localizedText,
    minLength: z.number().int().nonnegative().optional(),
    maxLength: z.number().int().positive(),
    multiline: z.boolean(),
    /** Words of the value may be set in bold (`**bold**`) and italics (`*italic*`). */
    markup: z.boolean().optional(),
  }),
  z.object({
    ...fieldBase,
    kind: z.literal('image'),
    /** The value is the id (as a string) of one of the caller's uploads (`POST /upload/image`). */
    required: z.boolean(),
  }),
  z.object({ ...fieldBase, kind: z.literal('color'), /** #rrggbb */ default: z.string() }),
  z.object({
    ...fieldBase,
    kind: z.literal('choice'),
    default: z.string(),
    options: z.array(z.object({ value: z.string(), label: z.string(), labels: localizedText })),
  }),
])
export type TemplateField = z.infer<typeof templateField>

export const templateDetailQuery = z.strictObject({
  id: queryId('id'),
  /**
   * A version of the template (a creation re-opens with the version it was made from); default the current, or in
   * a workspace that creates only from approved versions, the latest approved one.
   */
  version: queryId('version').optional(),
})

/**
 * How the version described stands in a workspace that creates only from approved versions (a team's setting,
 * docs/product.md "Approvals"): creations are made from it only when it is approved.
 */
export const templateApproval = z.object({
  /** The version described is approved: creations may be made from it. */
  approved: z.boolean(),
  /** When, and by whom (their name; null once their account is gone), when it is. */
  approvedAt: z.iso.datetime().nullable(),
  approvedBy: z.string().nullable(),
  /** The design's latest approved version, what a creation uses by default; null when none is (nor a catalogue template's). */
  latestApproved: z.number().int().positive().nullable(),
})
export type TemplateApproval = z.infer<typeof templateApproval>

export const templateDetailData = templateSummary.extend({
  /** The version described. */
  version: z.number().int().positive(),
  /** Present only in a workspace that creates only from approved versions. */
  approval: templateApproval.optional(),
  /** True for the catalogue's templates, false for the caller's own. */
  readOnly: z.boolean(),
  sizes: z.array(templateSize),
  fields: z.array(templateField),
  /** Sample values per language, for examples and a first preview. */
  samples: z.object({ en: z.record(z.string(), z.string()), 'zh-CN': z.record(z.string(), z.string()) }),
})
export type TemplateDetail = z.infer<typeof templateDetailData>
