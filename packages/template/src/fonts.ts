/**
 * The font families a template names, and the faces each resolves to. The names are shared by every
 * drawing surface: the server registers the font files under them, a browser loads the same files as
 * `FontFace`s under them, so both shape the same text with the same fonts.
 */
export const fontFamilies = ['sans', 'serif', 'grotesk'] as const
export type FontFamily = (typeof fontFamilies)[number]
export const fontWeights = [400, 500, 600, 700, 800] as const

// Every stack ends with the same fallbacks, so each one draws what Inter draws (Latin, Greek, Cyrillic)
// plus Chinese/Japanese, Arabic, Hebrew and emoji (monochrome, in the text's colour).
const FALLBACKS = [
  'Templet Noto Sans Arabic',
  'Templet Noto Sans Hebrew',
  'Templet Inter',
  'Templet Noto Emoji',
]

/**
 * The faces tried, in order, for each glyph of a text in a template family: the design face first, then
 * the faces that cover Chinese/Japanese, Arabic and Hebrew. Family names carry a prefix so a system font
 * of the same name never stands in for ours.
 */
export const FONT_STACKS: Record<FontFamily, string[]> = {
  sans: ['Templet Inter', 'Templet Noto Sans SC', ...FALLBACKS],
  serif: ['Templet Playfair Display', 'Templet Noto Serif SC', ...FALLBACKS],
  grotesk: ['Templet Space Grotesk', 'Templet Noto Sans SC', ...FALLBACKS],
}

/** A CSS font shorthand for a canvas: weight, size in px and the family's fallback stack. */
export const cssFont = (family: FontFamily, weight: number, size: number) =>
  `${weight} ${size}px ${FONT_STACKS[family].map((f) => `'${f}'`).join(', ')}`
