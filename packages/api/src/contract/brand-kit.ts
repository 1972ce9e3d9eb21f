import { z } from 'zod'
import { BRAND_FONTS_MAX, FONT_MAX_BYTES, PALETTE_COLORS_MAX } from '../limits'
import { resetTokenField } from './envelope'
import { bodyId } from './media-fields'

export { BRAND_FONTS_MAX, FONT_MAX_BYTES, PALETTE_COLORS_MAX }

/** `multipart/form-data` of `POST /font/upload`: one part `file`, a TTF, OTF or WOFF2 font (checked by parsing). */
export const fontUploadBody = z.strictObject({
  file: z.file({ error: 'file: attach a font in the multipart part "file"' }),
})

/** One font file of the caller's brand kit: what the file says of itself, read on upload. */
export const brandFont = z.object({
  id: z.number().int().positive(),
  /** The family's name as the file gives it. */
  family: z.string(),
  /**
   * What a template document names for this family (a text layer's `font`): `brand-` and a key of the
   * caller's own, the same for every file of one family.
   */
  familyKey: z.string(),
  weight: z.number().int().min(100).max(900),
  style: z.enum(['normal', 'italic']),
  format: z.enum(['ttf', 'otf', 'woff2']),
  bytes: z.number().int().positive(),
  /** Signed, expiring URL of the file (for `FontFace`; works without the token). */
  url: z.string(),
  createdAt: z.iso.datetime(),
})
export type BrandFont = z.infer<typeof brandFont>
export const fontUploadData = brandFont.extend({ ...resetTokenField })
export const fontListData = z.array(brandFont)
export const fontDeleteBody = z.strictObject({ id: bodyId('id') })

const brandColor = z
  .string({ error: 'a colour must be text such as #1e40af' })
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'a colour is # and six hexadecimal digits, such as #1e40af' })
  .transform((c) => c.toLowerCase())

/** `POST /brand/palette`: the account's brand colours, in the order the designer offers them. */
export const paletteBody = z.strictObject({
  colors: z
    .array(brandColor, { error: 'colors must be a list of colours' })
    .max(PALETTE_COLORS_MAX, { error: `at most ${PALETTE_COLORS_MAX} colours` })
    .refine((list) => new Set(list).size === list.length, { error: 'each colour at most once' }),
})
export const paletteData = z.object({ colors: z.array(z.string()), ...resetTokenField })
export type Palette = z.infer<typeof paletteData>
