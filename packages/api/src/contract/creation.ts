import { z } from 'zod'
import { CREATION_NAME_MAX_LENGTH } from '../limits'
import { resetTokenField } from './envelope'
import { bodyId, locale, page, pageSize, queryId, searchText } from './media-fields'
import { uploadInfo } from './upload'
import { personName } from './user'

const values = z.record(z.string(), z.string({ error: 'values: each value must be a string' }), {
  error: 'values must be an object of field keys to strings',
})

const templateVersion = bodyId('templateVersion').optional()

/** The longest language tag taken: BCP 47 allows longer ones, but no tag a value is written in needs them. */
export const LANGUAGE_TAG_MAX_LENGTH = 35
/** Whether a string is a well-formed BCP 47 language tag (`ja`, `zh-TW`, `zh-Hant-HK`), as `Intl` reads them. */
export function isLanguageTag(tag: string): boolean {
  if (tag.length > LANGUAGE_TAG_MAX_LENGTH) return false
  try {
    return Intl.getCanonicalLocales(tag).length === 1
  } catch {
    return false
  }
}

/**
 * Field key -> the language its text value is written in (BCP 47). Han characters of that value are drawn in
 * the language's forms: `ja` Japanese, `zh-TW`, `zh-HK` or `zh-Hant` traditional, `zh-CN` or `zh-Hans`
 * mainland, `ko` Korean. A field left out keeps the template's language, else what its text shows.
 */
export const valueLanguages = z.record(
  z.string(),
  z.stringFormat('language_tag', isLanguageTag, {
    error: 'Must be a language tag such as ja, zh-TW, zh-CN or ko',
  }),
  { error: 'valueLanguages must be an object of text field keys to language tags' },
)

/** A creation's name, as given at creation or by a rename. */
export const creationName = personName(CREATION_NAME_MAX_LENGTH, 'Name must not be empty')

export const createCreationBody = z.strictObject({
  templateId: bodyId('templateId'),
  /** The template's version to render (a creation re-opened from an older one); default the current. */
  templateVersion,
  /** Field key -> value: text, "#rrggbb", a choice value, or the id of one of the caller's uploads. */
  values,
  /** One of the template's sizes; default its first. */
  sizeId: z.string().max(100).optional(),
  /**
   * Default: the first text field's value that is not empty (on one line, cut to the limit), else the template's
   * name in `locale`. Shown in lists, notifications and file names: the register form's rule for names (no
   * control or text-direction characters, something visible).
   */
  name: creationName.optional(),
  /** For the defaults of fields left empty (default en). */
  locale: locale.optional(),
  /** The language of text values, by field key, for the forms of their Han characters (optional). */
  valueLanguages: valueLanguages.optional(),
})
export type CreateCreationBody = z.input<typeof createCreationBody>

export const creationFiles = z.object({
  /**
   * PNG, JPEG and WebP: those a creation keeps. One made in the editor keeps all three; one made through `/v1` or
   * the bulk form, those asked for (none for a PDF alone).
   */
  png: z.string().optional(),
  jpeg: z.string().optional(),
  webp: z.string().optional(),
  /**
   * Present when the size is a print size (A3, A4, A5, Letter, cards): the PDF, vector, page = the sheet; and for
   * a design of several pages in any size: one PDF of every page.
   */
  pdf: z.string().optional(),
  /** Beside it, the PDF for print shops: the sheet with a 3 mm bleed and crop marks (`pdfPrintOptions`). */
  pdfPrint: z.string().optional(),
  /** When the template has several print sizes: one PDF with a page per size (A4 and US Letter…). */
  pdfSizes: z.string().optional(),
  /**
   * A design of several pages: each page after the first, in order, with its PNG, JPEG and WebP (those the
   * creation keeps); the first page's are `png`, `jpeg` and `webp` above. Absent for a design of one page.
   */
  pages: z
    .array(z.object({ png: z.string().optional(), jpeg: z.string().optional(), webp: z.string().optional() }))
    .optional(),
})

export const creation = z.object({
  id: z.number().int().positive(),
  templateId: z.number().int().positive(),
  /** The template's version it was made from; it re-opens with it. */
  templateVersion: z.number().int().positive(),
  typeId: z.number().int().positive(),
  name: z.string(),
  sizeId: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  createdAt: z.iso.datetime(),
  /** Signed, expiring URLs (default 1 hour) that work in an `<img>` without the token. */
  thumbnailUrl: z.string(),
  files: creationFiles,
  /** What `files.pdfPrint` has: both for a creation made in the app; a `/v1` render may have asked otherwise. */
  pdfPrintOptions: z.object({ bleed: z.boolean(), cropMarks: z.boolean() }).optional(),
})
export type Creation = z.infer<typeof creation>

export const createCreationData = creation.extend({
  /** The caller's balance after this creation's credit was spent. */
  credits: z.number().int().nonnegative(),
  ...resetTokenField,
})

export const creationListQuery = z.strictObject({
  page,
  pageSize,
  typeId: queryId('typeId').optional(),
  templateId: queryId('templateId').optional(),
  /**
   * Words of the creation's name or of the text typed into it, in any case and with or without accents; each
   * word matches the start of one (`sun` finds "Sunset"), a Chinese word of two characters or more anywhere.
   */
  q: searchText,
  /** `newest` (default) or `oldest` by date, or `name` A to Z. */
  sort: z
    .enum(['newest', 'oldest', 'name'], { error: 'sort must be newest, oldest or name' })
    .default('newest'),
})
export type CreationListQuery = z.input<typeof creationListQuery>
export const creationListData = z.array(creation)

export const creationDetailQuery = z.strictObject({ id: queryId('id') })
export const creationDetailData = creation.extend({
  values: z.record(z.string(), z.string()),
  /** The caller's uploads that image values name, by field key (a deleted upload is left out). */
  uploads: z.record(z.string(), uploadInfo),
  locale,
  /** The languages declared for text values when it was made, by field key (`{}` when none). */
  valueLanguages: z.record(z.string(), z.string()),
  ...resetTokenField,
})
export type CreationDetail = z.infer<typeof creationDetailData>

export const deleteCreationBody = z.strictObject({ id: bodyId('id') })

export const renameCreationBody = z.strictObject({ id: bodyId('id'), name: creationName })
export type RenameCreationBody = z.input<typeof renameCreationBody>
export const renameCreationData = creation.extend(resetTokenField)

/**
 * `data` of the 404 for a creation of the caller's that was deleted (an unknown id, or anyone else's, has no
 * `data`): a link to it can say so.
 */
export const deletedCreationData = z.object({ deleted: z.literal(true), deletedAt: z.iso.datetime() })
export type DeletedCreationData = z.infer<typeof deletedCreationData>

/** `POST /creation/preview`: like create, but nothing is stored or spent; the answer is the image itself. */
export const previewCreationBody = z.strictObject({
  templateId: bodyId('templateId'),
  templateVersion,
  values,
  sizeId: z.string().max(100).optional(),
  locale: locale.optional(),
  valueLanguages: valueLanguages.optional(),
  /** The page to preview, from 0 (a design of several pages, ADR 0198); one the design lacks is refused. */
  page: z
    .number({ error: 'page must be a number' })
    .int({ error: 'page must be a whole number' })
    .min(0, { error: 'page must be 0 or more' })
    .default(0),
  format: z.enum(['webp', 'jpeg', 'png'], { error: 'format must be webp, jpeg or png' }).default('webp'),
  /** Longest side of the preview in pixels. */
  maxSide: z
    .number({ error: 'maxSide must be a number' })
    .int()
    .min(64, { error: 'maxSide must be between 64 and 1024' })
    .max(1024, { error: 'maxSide must be between 64 and 1024' })
    .default(640),
  /**
   * Width of the preview in pixels, instead of `maxSide`: the size drawn at exactly that width (a canvas as wide
   * shows the same pixels), its longest side at most 1024.
   */
  width: z
    .number({ error: 'width must be a number' })
    .int({ error: 'width must be a whole number' })
    .min(16, { error: 'width must be between 16 and 1024' })
    .max(1024, { error: 'width must be between 16 and 1024' })
    .optional(),
})
export type PreviewCreationBody = z.input<typeof previewCreationBody>
/**
 * The success answer of the preview is the image bytes (Content-Type image/webp|jpeg|png), not the envelope;
 * its `Truncated-Fields` header names the fields cut to fit (./truncated-fields.ts).
 */
export const previewCreationData = z.custom<Blob>((v) => typeof Blob !== 'undefined' && v instanceof Blob)
