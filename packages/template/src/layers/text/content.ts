import type { Canvas2D } from '../../canvas'
import {
  cssFont,
  type Figures,
  type FontFamily,
  figuresFace,
  figuresVariant,
  ligaturesVariant,
  mappedFiguresFace,
  OLD_STYLE_FIGURES,
  runFaces,
  type WritingSystem,
} from '../../fonts'
import { type ParagraphBidi, paragraphBidi } from './bidi'
import { BOLD, ITALIC, parseMarkup } from './markup'
import { type FormsSpan, formsOfTag, type HanForms, hanForms, type ScriptRun, scriptRuns } from './scripts'

/** How a text is set: what layout and drawing read of a text layer. */
export interface TextStyle {
  family: FontFamily
  weight: number
  /** The whole text in italics (markup can still set words in italics). */
  italic?: boolean
  /** Font size in px before shrink-to-fit. */
  size: number
  lineHeight: number
  /** In em. */
  letterSpacing: number
  wrap: boolean
  maxLines?: number
  minSize?: number
  /** Each paragraph's direction: declared, or `auto` by its first strong character (default). */
  direction?: 'auto' | 'ltr' | 'rtl'
  /** The text's language (BCP 47), for the forms of Han characters; detected from the text when absent. */
  lang?: string
  /** Lines of a wrapped paragraph made as even as they can be (a headline), instead of filling each. */
  balance?: boolean
  /** `**bold**` and `*italic*` in the text set words in bold and italics (default true). */
  markup?: boolean
  /**
   * Hyphenation by language patterns: the language (BCP 47) of the text outside the values that declare their
   * own; absent, nothing is hyphenated but at soft hyphens (U+00AD) the text itself holds.
   */
  hyphenate?: string | undefined
  /** Every line of a paragraph but its last stretched to the box's width. */
  justify?: boolean | undefined
  /** Tabular or old-style figures instead of the faces' own, or their standard ligatures off. */
  figures?: Figures | undefined
  /** Lower-case letters as small capitals: the faces' own, else capitals at 0.7 of the size. */
  smallCaps?: boolean | undefined
  /** `words`: the breaks of texts saved before format 4 (`wordSegmentBreaks`); absent, UAX #14's. */
  lineBreaks?: 'words' | undefined
  /** Letter spacing in Devanagari and Bengali too (texts saved before format 4). */
  splitHeadlineBars?: boolean | undefined
  /** Italics slant every script, synthesised where it has none (texts saved before format 4). */
  italicEveryScript?: boolean | undefined
  /**
   * Skia draws figures from the faces as shipped, as texts saved before format 5 drew; absent, from faces whose
   * character maps reach the glyphs the figures' features give (`mappedFiguresFace`), which it rasters as a browser
   * does.
   */
  unmappedFigures?: boolean | undefined
  /**
   * Absent: lines move down where their ink would touch, and the box's fit counts that height; `unfitted`: they
   * move, but the fit counts lines at the line height (format 3); `fixed`: they never move (before format 3).
   */
  lineSpacing?: 'fixed' | 'unfitted' | undefined
  /** An outline's width in px, which the ink of each line reaches beyond its letters. */
  outlineWidth?: number | undefined
}

/**
 * Writing systems with italics of their own. Chinese, Japanese, Korean, Arabic, Hebrew, the Indic scripts, Thai,
 * Khmer and emoji have none: a slant a canvas would synthesise is not their emphasis, so they stay upright (their
 * words set in bold still stand out).
 */
const SLANTED: ReadonlySet<WritingSystem> = new Set(['latin', 'greek', 'cyrillic'])

/** Writing systems whose letters hang from one headline bar, which space between letters would split. */
const HEADLINE_BAR: ReadonlySet<WritingSystem> = new Set(['devanagari', 'bengali'])

/** The canvas' `letterSpacing` for a run of a writing system: `extra` px (a justified line's) added. */
export const runLetterSpacing = (style: TextStyle, size: number, system: WritingSystem, extra = 0) =>
  `${(HEADLINE_BAR.has(system) && !style.splitHeadlineBars ? 0 : style.letterSpacing * size) + extra}px`

/** A stretch of a text written in a language of its own (a value the customer declared); UTF-16 offsets. */
export interface LangSpan {
  start: number
  end: number
  /** BCP 47. */
  lang: string
}

/** A stretch of a text in a colour of its own (a colour run of the template's words); UTF-16 offsets. */
export interface ColorSpan {
  start: number
  end: number
  /** `#rrggbb` or `#rrggbbaa`. */
  color: string
}

export interface Paragraph {
  /** UTF-16 offsets in the content's text; end excluded (the line break is not part of it). */
  start: number
  end: number
  bidi: ParagraphBidi
}

/** A text made ready to set: markers removed, cut into writing-system runs and paragraphs with their levels. */
export interface TextContent {
  text: string
  /** BOLD | ITALIC bits per UTF-16 unit. */
  emphasis: Uint8Array
  forms: HanForms
  runs: ScriptRun[]
  paragraphs: Paragraph[]
  /**
   * Where the text had a soft hyphen (U+00AD), removed from `text`: a line may break before each offset, and
   * then ends in a hyphen. In order.
   */
  softHyphens: number[]
  /** The stretches written in a language of their own (the values that declared one), in `text`'s offsets. */
  langs: LangSpan[]
  /** The colours of the text's colour runs; absent when it has none. */
  colors?: string[]
  /** Per UTF-16 unit: 0 for the layer's colour, k for `colors[k - 1]`; absent when the text has no runs. */
  colorOf?: Uint16Array
}

/** The spans whose language names Han forms, with those forms. */
function formsSpans(spans: readonly LangSpan[]): FormsSpan[] {
  const out: FormsSpan[] = []
  for (const span of spans) {
    const forms = formsOfTag(span.lang)
    if (forms) out.push({ start: span.start, end: span.end, forms })
  }
  return out
}

/** Spans of the source carried over to the text made of it (`origin`: each unit's offset in the source). */
function carriedSpans<S extends { start: number; end: number }>(
  spans: readonly S[],
  origin: Uint32Array | undefined,
  length: number,
): S[] {
  if (!origin) return [...spans]
  const out: S[] = []
  for (const span of spans) {
    let start = 0
    while (start < length && (origin[start] ?? 0) < span.start) start++
    let end = start
    while (end < length && (origin[end] ?? 0) < span.end) end++
    if (end > start) out.push({ ...span, start, end })
  }
  return out
}

const SOFT_HYPHEN = '\u00AD'

/** A text without its soft hyphens: where each was, and each remaining unit's offset in the source. */
function withoutSoftHyphens(marked: {
  text: string
  emphasis: Uint8Array
  origin?: Uint32Array | undefined
}) {
  const { text, emphasis, origin } = marked
  if (!text.includes(SOFT_HYPHEN)) return { ...marked, softHyphens: [] }
  let kept = ''
  const keptEmphasis: number[] = []
  const keptOrigin: number[] = []
  const softHyphens: number[] = []
  for (let i = 0; i < text.length; i++) {
    const unit = text[i] as string
    if (unit === SOFT_HYPHEN) {
      if (softHyphens[softHyphens.length - 1] !== kept.length) softHyphens.push(kept.length)
      continue
    }
    kept += unit
    keptEmphasis.push(emphasis[i] ?? 0)
    keptOrigin.push(origin ? (origin[i] ?? i) : i)
  }
  return {
    text: kept,
    emphasis: Uint8Array.from(keptEmphasis),
    origin: Uint32Array.from(keptOrigin),
    softHyphens,
  }
}

/** The text outside the spans: what the forms of the rest are told from when no language is declared. */
function outside(text: string, spans: readonly FormsSpan[]): string {
  let rest = ''
  let at = 0
  for (const s of spans) {
    rest += text.slice(at, Math.max(at, s.start))
    at = Math.max(at, s.end)
  }
  return rest + text.slice(at)
}

/** Each unit's colour run of a text `length` long, from spans in its offsets; nothing when there are none. */
function colorsOf(spans: readonly ColorSpan[], length: number): Pick<TextContent, 'colors' | 'colorOf'> {
  if (!spans.length) return {}
  const colors: string[] = []
  const colorOf = new Uint16Array(length)
  for (const span of spans) {
    let k = colors.indexOf(span.color) + 1
    if (!k) k = colors.push(span.color)
    colorOf.fill(k, span.start, span.end)
  }
  return { colors, colorOf }
}

/**
 * A text made ready to set. `spans` (offsets in `source`) are the stretches written in a language of their
 * own, each value the customer declared one for: their Han characters take that language's forms (and their
 * words its hyphenation); the rest takes the style's language, else what the rest of the text shows.
 * `colors` (offsets in `source`) are its colour runs. Soft hyphens are taken out of the text and kept as
 * places a line may break (`softHyphens`).
 */
export function prepareText(
  source: string,
  style: TextStyle,
  spans: readonly LangSpan[] = [],
  colors: readonly ColorSpan[] = [],
): TextContent {
  const { text, emphasis, origin, softHyphens } = withoutSoftHyphens(
    style.markup === false ? { text: source, emphasis: new Uint8Array(source.length) } : parseMarkup(source),
  )
  const langs = carriedSpans(spans, origin, text.length)
  const declared = formsSpans(langs)
  const forms = hanForms(outside(text, declared), style.lang)
  const paragraphs: Paragraph[] = []
  let start = 0
  for (const part of text.split('\n')) {
    // A CR of a CRLF break stays in the text but is no part of the paragraph.
    const end = start + (part.endsWith('\r') ? part.length - 1 : part.length)
    paragraphs.push({ start, end, bidi: paragraphBidi(text.slice(start, end), style.direction ?? 'auto') })
    start += part.length + 1
  }
  return {
    text,
    emphasis,
    forms,
    runs: scriptRuns(text, forms, declared),
    paragraphs,
    softHyphens,
    langs,
    ...colorsOf(carriedSpans(colors, origin, text.length), text.length),
  }
}

/** Every face a content draws with, so a surface can load them before measuring. */
export const contentFaces = (content: TextContent, family: FontFamily) => [
  ...new Set(content.runs.flatMap((r) => runFaces(family, r.system))),
]

/** A stretch of one writing system, one emphasis and one colour: one font, one fill. */
export interface StyledRun {
  start: number
  end: number
  system: WritingSystem
  emphasis: number
  /** 0: the layer's colour; k: the content's `colors[k - 1]`. */
  color: number
}

/** The runs of `[start, end)` in logical order, cut where the writing system, the emphasis or the colour changes. */
export function styledRuns(content: TextContent, start: number, end: number): StyledRun[] {
  const out: StyledRun[] = []
  for (const run of content.runs) {
    if (run.end <= start || run.start >= end) continue
    for (let i = Math.max(start, run.start); i < Math.min(end, run.end); i++) {
      const emphasis = content.emphasis[i] ?? 0
      const color = content.colorOf?.[i] ?? 0
      const last = out[out.length - 1]
      if (
        last &&
        last.end === i &&
        last.system === run.system &&
        last.emphasis === emphasis &&
        last.color === color
      )
        last.end = i + 1
      else out.push({ start: i, end: i + 1, system: run.system, emphasis, color })
    }
  }
  return out
}

/** What a line broken inside a word ends in: the hyphen-minus, which every face of the model draws. */
export const HYPHEN = '-'

/** Bold inside a text: 700, 800 when the text is already semibold or heavier, its own weight when black. */
export const boldWeight = (weight: number) => (weight > 800 ? weight : weight >= 600 ? 800 : 700)

/**
 * Sets a run's font on a context. Faces whose default figures are old-style get lining figures, which is
 * how prices, dates and phone numbers are set, unless the text asks for old-style ones. A browser's canvas has no
 * property for figures nor ligatures, so there they are faces of their own (`figuresFace`). Skia takes them on its
 * context, and draws from faces whose character maps reach the glyphs they give (`mappedFiguresFace`), except a
 * text saved before format 5 (`unmappedFigures`), which keeps the faces as shipped. Small capitals go on both
 * contexts, which make them alike (synthesised where a face has none).
 */
export function applyRunFont(
  ctx: Canvas2D,
  style: TextStyle,
  size: number,
  system: WritingSystem,
  emphasis: number,
) {
  const figures = style.figures
  // Read once: on Skia each read of the property crosses into native code.
  const numericNow = ctx.fontVariantNumeric
  const skia = numericNow !== undefined
  const unmapped = skia && style.unmappedFigures === true
  const font = cssFont({
    family: style.family,
    system,
    weight: emphasis & BOLD ? boldWeight(style.weight) : style.weight,
    italic:
      Boolean(style.italic) !== Boolean(emphasis & ITALIC) &&
      (SLANTED.has(system) || style.italicEveryScript === true),
    size,
    figures: skia ? undefined : figures,
    mappedFigures: skia && !unmapped ? (figures ?? {}) : undefined,
  })
  if (ctx.font !== font) ctx.font = font
  const capsNow = ctx.fontVariantCaps
  const caps = style.smallCaps ? 'small-caps' : 'normal'
  if (capsNow !== undefined && capsNow !== caps) ctx.fontVariantCaps = caps
  if (!skia) return
  const face = runFaces(style.family, system)[0] ?? ''
  // As in a browser, where only those faces are loaded with them: a script's own faces keep their figures.
  const own = figures && figuresFace(face, figures) !== face
  const numeric = own ? figuresVariant(face, figures) : OLD_STYLE_FIGURES.has(face) ? 'lining-nums' : 'normal'
  if (numericNow !== numeric) ctx.fontVariantNumeric = numeric
  const ligatures = own ? ligaturesVariant(figures) : 'normal'
  const ligaturesNow = ctx.fontVariantLigatures
  if (ligaturesNow !== undefined && ligaturesNow !== ligatures) ctx.fontVariantLigatures = ligatures
}

/** The faces a text draws with on Skia, under the names its figures are drawn from (`mappedFiguresFace`). */
export const drawnFaces = (content: TextContent, style: TextStyle): string[] => {
  const faces = contentFaces(content, style.family)
  return style.unmappedFigures ? faces : [...new Set(faces.map((f) => mappedFiguresFace(f, style.figures)))]
}

/** Measures stretches of a content at one size, run by run, each run's text once. */
export class Measurer {
  private readonly widths = new Map<string, number>()
  constructor(
    readonly ctx: Canvas2D,
    readonly content: TextContent,
    readonly style: TextStyle,
    readonly size: number,
  ) {}

  /** The width of one run's text in its font. */
  runWidth(text: string, system: WritingSystem, emphasis: number): number {
    const key = `${system}\u0000${emphasis}\u0000${text}`
    let w = this.widths.get(key)
    if (w === undefined) {
      applyRunFont(this.ctx, this.style, this.size, system, emphasis)
      const spacing = runLetterSpacing(this.style, this.size, system)
      if (this.ctx.letterSpacing !== spacing) this.ctx.letterSpacing = spacing
      w = this.ctx.measureText(text).width
      this.widths.set(key, w)
    }
    return w
  }

  /** The width of `[start, end)` of the content: the sum of its runs. */
  width(start: number, end: number): number {
    let w = 0
    for (const r of styledRuns(this.content, start, end))
      w += this.runWidth(this.content.text.slice(r.start, r.end), r.system, r.emphasis)
    return w
  }

  /** The width of an ellipsis after the character before `at`, in that character's font. */
  ellipsisWidth(at: number): number {
    return this.markWidth('…', at)
  }

  /** The width of the hyphen a line broken inside a word at `at` ends in, in the font of the character before. */
  hyphenWidth(at: number): number {
    return this.markWidth(HYPHEN, at)
  }

  private markWidth(mark: string, at: number): number {
    const [run] = styledRuns(this.content, Math.max(0, at - 1), Math.max(1, at))
    return this.runWidth(mark, run?.system ?? 'latin', run?.emphasis ?? 0)
  }
}
