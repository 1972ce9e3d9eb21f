import { z } from 'zod'
import { type FontFamily, type FontWeight, fontWeights, isFontFamily } from '../../fonts'
import { bound, colorSchema, localizedTextSchema, shadowSchema } from '../../primitives'
import { alignSchema, layerBase } from '../base'

export const textLayerSchema = z
  .object({
    ...layerBase,
    type: z.literal('text'),
    /** The text; `{{key}}` inserts a field's value. A localised text picks the render's locale. */
    text: z.union([z.string(), localizedTextSchema]),
    /** A family of the model, a customer's own (`brand-…`, from their brand kit) or the library's (`lib-…`). */
    font: bound(
      z.custom<FontFamily>((v) => typeof v === 'string' && isFontFamily(v), {
        error:
          'must be sans, serif, grotesk, a brand kit family (brand-…) or a family of the font library (lib-…)',
      }),
    ).default('sans'),
    /**
     * The weight, or a choice of weights the customer picks among: 100 (Thin) to 900 (Black), each where the
     * family ships it (`familyWeights`: a library family's own, 400 to 800 in the others).
     */
    weight: bound(
      z.union(
        fontWeights.map((w) => z.literal(w)) as [z.ZodLiteral<FontWeight>, ...z.ZodLiteral<FontWeight>[]],
      ),
    ).default(400),
    /**
     * The whole text in italics (`*italic*` in the text sets single words): Latin, Greek and Cyrillic letters;
     * scripts without italics of their own (CJK, Arabic, Hebrew, Indic, Thai, Khmer, emoji) stay upright.
     */
    italic: z.boolean().default(false),
    /** Italics slant every script, synthesised where it has none, as texts saved before format 4 drew. */
    italicEveryScript: z.literal(true).optional(),
    /** Skia draws figures from the faces as shipped, as texts saved before format 5 drew (ADR 0212). */
    unmappedFigures: z.literal(true).optional(),
    /** Font size in px. */
    size: z.number().positive(),
    color: colorSchema.default('#111111'),
    /**
     * `start` and `end` follow the design's direction: the layer's declared `direction`, else left to right
     * (see `rtl` for a right-to-left paragraph).
     */
    align: bound(alignSchema).default('start'),
    valign: bound(z.enum(['top', 'middle', 'bottom'])).default('top'),
    /** Line height as a multiple of the font size. */
    lineHeight: z.number().positive().default(1.2),
    /**
     * Absent: a line moves down where its ink (stacked marks above, subscripts below) would touch the line
     * before's, lines whose ink clears keep their places, and the text fits its box (shrinks, or is cut) with
     * that height counted. `unfitted`: lines move so, but the fit counts them at `lineHeight`, as texts of
     * format 3 were drawn. `fixed`: every line exactly `lineHeight` below the one before, as before format 3.
     */
    lineSpacing: z.enum(['fixed', 'unfitted']).optional(),
    /**
     * `words`: lines break between the words the platform's segmenter finds, as texts saved before format 4
     * broke. Absent: by the Unicode line breaking algorithm (UAX #14), with dictionary words for Thai, Lao,
     * Khmer and Myanmar, and whole words in Chinese, Japanese and Korean.
     */
    lineBreaks: z.literal('words').optional(),
    /**
     * Extra space between letters in em; none between the letters of Devanagari and Bengali, which hang from
     * one headline bar that spacing would split.
     */
    letterSpacing: z.number().default(0),
    /** Letter spacing between Devanagari and Bengali letters too, splitting their bar, as before format 4. */
    splitHeadlineBars: z.literal(true).optional(),
    transform: z.enum(['none', 'uppercase']).default('none'),
    /**
     * Each paragraph's direction: `auto` takes the direction of its first strong character (Unicode bidi
     * rules P2, P3); a declared direction is also the design's direction for `align`.
     */
    direction: z.enum(['auto', 'ltr', 'rtl']).default('auto'),
    /**
     * What a right-to-left paragraph in a left-to-right design does: `start` (default) takes `start` and `end`
     * from its own direction, so it sits at the right as a browser sets `text-align: start` (`left` and `right`
     * stay); `keep` keeps the layer's side, so an Arabic headline in a left-aligned composition stays at the
     * left (every text saved before format 4 without an `rtl` of its own); `mirror` mirrors the layer for it
     * (start is its right, left and right swap).
     */
    rtl: z.enum(['start', 'keep', 'mirror']).default('start'),
    /**
     * The language of the text (BCP 47: `ja`, `ko`, `zh-TW`, `zh-Hant`, `zh-CN`…), for the glyph forms of
     * Han characters; without it the render's language hint, else the text itself (kana, hangul,
     * traditional characters) decides.
     */
    lang: z
      .string()
      .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/, 'a language tag such as ja, ko, zh-TW')
      .optional(),
    wrap: z.boolean().default(true),
    /** Lines made as even as they can be (a short headline), instead of filling each before the next. */
    balance: z.boolean().default(false),
    /**
     * Words that do not fit at a line's end are hyphenated by their language's patterns (a value's declared
     * language, else `lang`, else the render's): en, de, fr, es, it, nl, pt, ru and 30 more; a language without
     * patterns is not hyphenated. Absent (as in every document saved before it existed) means off. Soft hyphens
     * (U+00AD) in the text break with a hyphen either way.
     */
    hyphenate: z.boolean().optional(),
    /**
     * Every line of a paragraph but its last stretches to the box's width: the spaces between words widen, and
     * a line without spaces in Chinese or Japanese spreads between its characters. `align` still places each
     * paragraph's last line. Absent (as in every document saved before it existed) means off.
     */
    justify: z.boolean().optional(),
    /**
     * Figures of one width (the font's `tnum`), so columns of prices and times line up. Absent means the
     * font's own. A face without them (Playfair Display) draws its own.
     */
    tabularFigures: z.boolean().optional(),
    /** Old-style figures (`onum`, set into running text), in the faces that have them. Absent means lining. */
    oldstyleFigures: z.boolean().optional(),
    /**
     * Lower-case letters drawn as small capitals: the face's own (`smcp`: Playfair Display, Noto Serif), else
     * capitals at 0.7 of the size, as browsers make them (Inter, Space Grotesk). Capitals, figures and scripts
     * without case are untouched; the text copies out as typed. Absent means off.
     */
    smallCaps: z.boolean().optional(),
    /**
     * `false` turns the faces' standard ligatures (`liga`, `clig`) off, so "fi" and "ffl" stay separate letters.
     * Absent (as in every document saved before it existed) means on, the faces' own.
     */
    ligatures: z.boolean().optional(),
    /**
     * A line under each line of the text, and a line through it, in the text's colour, where the font's tables
     * put them, across each line's width. Absent (as in every document saved before they existed) means off.
     */
    underline: z.boolean().optional(),
    strikethrough: z.boolean().optional(),
    /**
     * Straight quotes, apostrophes, `--` and `...` drawn as the typographic marks of the text's language (see
     * `smartPieces`): “quotes”, „Anführungszeichen“, « guillemets », 「引号」, don’t, ’90s, 5′10″, 1990–2000, …;
     * the stored text and values keep what was typed. Absent means off.
     */
    smartPunctuation: z.boolean().optional(),
    /**
     * `**bold**` and `*italic*` in the text and values set words in bold and italics; colour runs
     * (`[#e4572e]words[/]`, format 2 on) in the text's own words set them in a colour. `false` draws all as typed.
     */
    markup: z.boolean().default(true),
    maxLines: z.number().int().positive().optional(),
    /** Shrink the font (not below `minSize` px) until the text fits its box and `maxLines`. */
    shrinkToFit: z.object({ minSize: z.number().positive() }).strict().optional(),
    /** A drop shadow under the letters (under their outline, when they have one). */
    shadow: shadowSchema.optional(),
    /** A line of `width` px drawn around each letter, outside it, under the fill. */
    outline: z
      .object({ color: colorSchema, width: z.number().positive().max(100) })
      .strict()
      .optional(),
  })
  .strict()
export type TextLayer = z.infer<typeof textLayerSchema>

/** The `{{key}}` references of a text. */
export const fieldReferences = (text: string) =>
  [...text.matchAll(/\{\{\s*([^}\s]+)\s*\}\}/g)].map((m) => m[1] ?? '')

/** The texts a layer may show (one per language when it is localised). */
export const layerTexts = (layer: TextLayer) =>
  typeof layer.text === 'string' ? [layer.text] : [layer.text.en, layer.text['zh-CN']]
