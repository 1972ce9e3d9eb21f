import type { Canvas2D, Drawable } from '../../canvas'
import { runFaces } from '../../fonts'
import { resolveBound, resolveColor } from '../../paint'
import type { Box } from '../../primitives'
import type { DrawContext } from '../context'
import {
  applyRunFont,
  type ColorSpan,
  drawnFaces,
  type LangSpan,
  Measurer,
  prepareText,
  runLetterSpacing,
  type TextStyle,
} from './content'
import { type DecorationLine, decorationLine } from './decoration'
import { linePieces, type Piece } from './ink'
import { layoutText, type TextLayout, type TextLine } from './layout'
import { parseColorRuns } from './markup'
import { hasStraightPunctuation, smartPieces } from './punctuation'
import type { TextLayer } from './schema'

/**
 * A stretch of a layer's text: its own words, or a value, with the language declared for the value and the
 * colour of the run it is in.
 */
export interface TextPiece {
  text: string
  lang?: string | undefined
  color?: string | undefined
}

/**
 * The text a text layer shows in pieces: its own text in the locale, and each `{{key}}` replaced by the field's
 * value (a choice's by its option's label, `labels`) with the language declared for it (`valueLanguages`).
 * The layer's own words are read for colour runs (`[#e4572e]…[/]`, unless `markup: false`); a value is not, so a
 * run around `{{key}}` colours the value and what a customer types draws as typed. Neighbours of one language
 * and colour are one piece, so a text without declared languages or colour runs is one piece.
 */
export function layerPieces(
  layer: TextLayer,
  d: Pick<DrawContext, 'locale' | 'values' | 'valueLanguages' | 'labels' | 'lang'>,
): TextPiece[] {
  const raw = typeof layer.text === 'string' ? layer.text : layer.text[d.locale]
  const pieces: TextPiece[] = []
  const add = (text: string, lang: string | undefined, color: string | undefined) => {
    if (!text) return
    const shown =
      layer.transform === 'uppercase'
        ? text.toLocaleUpperCase(capitalsLanguage(text, lang ?? layer.lang, d.locale))
        : text
    const last = pieces[pieces.length - 1]
    if (last && last.lang === lang && last.color === color) last.text += shown
    else pieces.push({ text: shown, ...(lang && { lang }), ...(color && { color }) })
  }
  for (const { text: own, color } of layer.markup === false ? [{ text: raw }] : parseColorRuns(raw)) {
    let at = 0
    for (const m of own.matchAll(/\{\{\s*([^}\s]+)\s*\}\}/g)) {
      const key = m[1] as string
      add(own.slice(at, m.index), undefined, color)
      add(d.labels?.[key] ?? d.values[key] ?? '', d.valueLanguages?.[key], color)
      at = m.index + m[0].length
    }
    add(own.slice(at), undefined, color)
  }
  // Typographic quotes, apostrophes and dashes in each piece's language; the common text takes no pass.
  if (layer.smartPunctuation && pieces.some((p) => hasStraightPunctuation(p.text)))
    return smartPieces(pieces, layer.lang ?? d.lang ?? d.locale)
  return pieces
}

/**
 * The language whose rules make `text` capitals: the one declared for it (Turkish and Azeri dot their capital
 * i: İSTANBUL), else Greek for Greek letters (their accents drop: ΚΑΛΗΜΕΡΑ), else the render's.
 */
const capitalsLanguage = (text: string, declared: string | undefined, locale: string) =>
  declared ?? (/\p{Script=Greek}/u.test(text) ? 'el' : locale)

/** Pieces as one text, with the spans of those written in a declared language and of those in a colour run. */
export function joinPieces(pieces: readonly TextPiece[]): {
  text: string
  spans: LangSpan[]
  colors: ColorSpan[]
} {
  let text = ''
  const spans: LangSpan[] = []
  const colors: ColorSpan[] = []
  for (const p of pieces) {
    const at = { start: text.length, end: text.length + p.text.length }
    if (p.lang) spans.push({ ...at, lang: p.lang })
    if (p.color) colors.push({ ...at, color: p.color })
    text += p.text
  }
  return { text, spans, colors }
}

/** The text a text layer shows: its own text in the locale with `{{key}}` replaced by field values. */
export const layerText = (layer: TextLayer, d: Pick<DrawContext, 'locale' | 'values' | 'labels'>): string =>
  joinPieces(layerPieces(layer, d)).text

/** The text style a text layer resolves to for these values and this size. */
export function textStyle(
  layer: TextLayer,
  d: Pick<DrawContext, 'values' | 'sizeId'> & { lang?: string | undefined; locale?: string | undefined },
): TextStyle {
  return {
    family: resolveBound(layer.font, d.values, 'sans'),
    weight: resolveBound(layer.weight, d.values, 400),
    italic: layer.italic,
    size: layer.bySize?.[d.sizeId]?.size ?? layer.size,
    lineHeight: layer.lineHeight,
    letterSpacing: layer.letterSpacing,
    wrap: layer.wrap,
    maxLines: layer.maxLines,
    minSize: layer.shrinkToFit?.minSize,
    direction: layer.direction,
    lang: layer.lang ?? d.lang,
    balance: layer.balance,
    markup: layer.markup,
    ...(layer.hyphenate && { hyphenate: hyphenationLanguage(layer, d) }),
    ...(layer.justify && { justify: true }),
    ...((layer.tabularFigures || layer.oldstyleFigures || layer.ligatures === false) && {
      figures: {
        tabular: layer.tabularFigures,
        oldstyle: layer.oldstyleFigures,
        ...(layer.ligatures === false && { noLigatures: true }),
      },
    }),
    ...(layer.smallCaps && { smallCaps: true }),
    ...(layer.lineBreaks && { lineBreaks: layer.lineBreaks }),
    ...(layer.splitHeadlineBars && { splitHeadlineBars: true }),
    ...(layer.italicEveryScript && { italicEveryScript: true }),
    ...(layer.unmappedFigures && { unmappedFigures: true }),
    ...(layer.lineSpacing && { lineSpacing: layer.lineSpacing }),
    ...(layer.outline && { outlineWidth: layer.outline.width }),
  }
}

/**
 * The language a text layer that hyphenates is hyphenated in where no value declares its own: the layer's,
 * else the values', else the render's locale.
 */
export const hyphenationLanguage = (
  layer: Pick<TextLayer, 'lang'>,
  d: { lang?: string | undefined; locale?: string | undefined },
): string | undefined => layer.lang ?? d.lang ?? d.locale

const TRANSPARENT = 'rgba(0,0,0,0)'
/**
 * Which side a paragraph's lines sit on. With `rtl: 'start'` `start` and `end` follow the paragraph's own
 * direction, as in a browser; with `keep` the design's (the layer's declared one, else left to right), so a
 * right-to-left value in a left-aligned composition stays at the left. With `mirror` a right-to-left paragraph
 * mirrors the design: start is its right, and left and right swap.
 */
function sideOf(layer: TextLayer, d: DrawContext, paragraphRtl: boolean): 'left' | 'right' | 'center' {
  const align = layer.bySize?.[d.sizeId]?.align ?? resolveBound(layer.align, d.values, 'start')
  if (align === 'center') return 'center'
  const designRtl = layer.direction === 'rtl'
  const turned = layer.rtl !== 'keep' && paragraphRtl !== designRtl
  const rtl = designRtl !== turned
  const side =
    align === 'start' ? (rtl ? 'right' : 'left') : align === 'end' ? (rtl ? 'left' : 'right') : align
  const mirrored = turned && layer.rtl === 'mirror'
  return mirrored && (align === 'left' || align === 'right') ? (side === 'left' ? 'right' : 'left') : side
}

/** Draws a laid-out text's lines in a box. */
function drawLines(
  ctx: Canvas2D,
  layer: TextLayer,
  box: Box,
  d: DrawContext,
  style: TextStyle,
  layout: TextLayout,
) {
  const m = new Measurer(ctx, layout.content, style, layout.size)
  // Half-leading as in CSS: the family's own face's ascent + descent is centred in each line box.
  applyRunFont(ctx, style, layout.size, 'latin', 0)
  const metrics = ctx.measureText('Hg')
  const ascent = metrics.fontBoundingBoxAscent
  const descent = metrics.fontBoundingBoxDescent
  const valign = resolveBound(layer.valign, d.values, 'top')
  const lines = layout.placed.map((line) => linePieces(m, line))
  const { shifts } = layout
  const total = layout.placed.length * layout.lineHeightPx + (shifts[shifts.length - 1] ?? 0)
  const top =
    valign === 'top' ? box.y : valign === 'bottom' ? box.y + box.h - total : box.y + (box.h - total) / 2
  const color = resolveColor(layer.color, d.values)
  const colors = layout.content.colors
  const fillOf = (run: number) => (run ? (colors?.[run - 1] ?? color) : color)
  ctx.fillStyle = color
  ctx.textBaseline = 'alphabetic'
  ctx.textAlign = 'left'
  const { shadow, outline } = layer
  const shadowColor = shadow && resolveColor(shadow.color, d.values)
  if (shadow) {
    ctx.shadowBlur = shadow.blur
    ctx.shadowOffsetX = shadow.x
    ctx.shadowOffsetY = shadow.y
  }
  if (outline) {
    // Centred on the letters' edge and drawn under the fill: what shows is `width` outside them.
    ctx.strokeStyle = resolveColor(outline.color, d.values)
    ctx.lineWidth = outline.width * 2
    ctx.lineJoin = 'round'
  }
  const decorated = layer.underline || layer.strikethrough
  layout.placed.forEach((line, i) => {
    const pieces = lines[i] ?? []
    const rtl = layout.content.paragraphs[line.paragraph]?.bidi.direction === 'rtl'
    const stretched = stretch(ctx, style, layout.size, line, pieces)
    const width = pieces.reduce((w, pc) => w + pc.width, 0)
    // A justified line spans the box; it starts at its paragraph's start side.
    const side = stretched ? (rtl ? 'right' : 'left') : sideOf(layer, d, rtl)
    let x = side === 'left' ? box.x : side === 'right' ? box.x + box.w - width : box.x + (box.w - width) / 2
    const baseline =
      top + i * layout.lineHeightPx + (shifts[i] ?? 0) + (layout.lineHeightPx - ascent - descent) / 2 + ascent
    const start = x
    // Where each colour of the line starts, for its underline: one stretch when the line has no colour runs.
    const stretches: Array<{ x: number; fill: string }> = []
    for (const pc of pieces) {
      const fill = fillOf(pc.run.color)
      if (colors) ctx.fillStyle = fill
      if (stretches[stretches.length - 1]?.fill !== fill) stretches.push({ x, fill })
      applyRunFont(ctx, style, layout.size, pc.run.system, pc.run.emphasis)
      ctx.letterSpacing = runLetterSpacing(style, layout.size, pc.run.system, stretched?.letterGap)
      if (stretched) ctx.wordSpacing = stretched.wordSpacing
      ctx.direction = pc.rtl ? 'rtl' : 'ltr'
      // One shadow, cast by what is drawn first: the outline when there is one, else the letters.
      if (shadowColor) ctx.shadowColor = shadowColor
      if (outline) {
        ctx.strokeText(pc.text, x, baseline)
        if (shadowColor) ctx.shadowColor = TRANSPARENT
      }
      ctx.fillText(pc.text, x, baseline)
      if (shadowColor) ctx.shadowColor = TRANSPARENT
      x += pc.width
    }
    if (stretched) ctx.wordSpacing = '0px'
    // An empty line (a blank one between paragraphs) has nothing to underline.
    if (decorated && x > start) {
      const face = lineFace(style, pieces)
      const lines: DecorationLine[] = []
      if (layer.underline) lines.push(decorationLine(face, layout.size, 'underline'))
      if (layer.strikethrough) lines.push(decorationLine(face, layout.size, 'strikethrough'))
      for (const l of lines) {
        if (shadowColor) ctx.shadowColor = shadowColor
        if (outline) {
          ctx.strokeRect(start, baseline + l.top, x - start, l.thickness)
          if (shadowColor) ctx.shadowColor = TRANSPARENT
        }
        // In each run's colour, as its letters are.
        stretches.forEach((s, k) => {
          if (colors) ctx.fillStyle = s.fill
          ctx.fillRect(s.x, baseline + l.top, (stretches[k + 1]?.x ?? x) - s.x, l.thickness)
        })
        if (shadowColor) ctx.shadowColor = TRANSPARENT
      }
    }
  })
}

/**
 * The face whose tables place a line's underline and strike: the one its widest piece is drawn in (a line of
 * Chinese with a Latin word is underlined where the Chinese face says), so a line gets one straight line.
 */
function lineFace(style: TextStyle, pieces: Piece[]): string {
  let widest: Piece | undefined
  for (const pc of pieces) if (!widest || pc.width > widest.width) widest = pc
  return runFaces(style.family, widest?.run.system ?? 'latin')[0] ?? ''
}

/**
 * A justified line's spacing set on the context, and its pieces measured again with it: each surface places
 * what it draws by its own shaper's widths. Undefined for a line drawn as laid out, and where the canvas cannot
 * widen word spaces (Safari), which then draws the line unjustified.
 */
function stretch(ctx: Canvas2D, style: TextStyle, size: number, line: TextLine, pieces: Piece[]) {
  if (line.wordGap === undefined && line.letterGap === undefined) return undefined
  if (ctx.wordSpacing === undefined) return undefined
  const letterGap = line.letterGap ?? 0
  const wordSpacing = `${line.wordGap ?? 0}px`
  ctx.wordSpacing = wordSpacing
  for (const pc of pieces) {
    applyRunFont(ctx, style, size, pc.run.system, pc.run.emphasis)
    ctx.letterSpacing = runLetterSpacing(style, size, pc.run.system, letterGap)
    pc.width = ctx.measureText(pc.text).width
  }
  ctx.wordSpacing = '0px'
  return { letterGap, wordSpacing }
}

/** What drawing a text layer found: whether its text had to be cut to fit. */
export interface TextDrawn {
  truncated: boolean
}

export function drawText<Image extends Drawable>(
  layer: TextLayer,
  box: Box,
  d: DrawContext<Image>,
): TextDrawn {
  const style = textStyle(layer, d)
  // Each piece keeps what its own language's faces draw: Han forms, and so coverage, follow the language.
  const pieces = layerPieces(layer, d).map((p) => ({
    ...p,
    text: d.drawableText ? d.drawableText(p.text, style.family, p.lang ?? style.lang) : p.text,
  }))
  const { text, spans, colors } = joinPieces(pieces)
  if (!text.trim()) return { truncated: false }
  const content = prepareText(text, style, spans, colors)
  d.loadFaces?.(drawnFaces(content, style))
  const layout = layoutText(d.ctx, content, style, box)
  drawLines(d.ctx, layer, box, d, style, layout)
  return { truncated: layout.truncated }
}

/** The properties of a text layer that may be bound to a field, with the kind of field they take. */
export const textBindings = (layer: TextLayer): Array<[string, unknown, 'color' | 'choice']> => [
  ['color', layer.color, 'color'],
  ['shadow.color', layer.shadow?.color, 'color'],
  ['outline.color', layer.outline?.color, 'color'],
  ['font', layer.font, 'choice'],
  ['weight', layer.weight, 'choice'],
  ['align', layer.align, 'choice'],
  ['valign', layer.valign, 'choice'],
]
