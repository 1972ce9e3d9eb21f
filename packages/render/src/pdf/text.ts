import { readFileSync } from 'node:fs'
import path from 'node:path'
import { type Canvas, createCanvas } from '@napi-rs/canvas'
import * as hb from 'harfbuzzjs'
import { COLOR_EMOJI_FACE, FAMILIES, facesOf } from '../fonts'

/**
 * Text a reader can copy and search. Skia's PDF backend embeds each font as a subset with a ToUnicode map
 * built from the font's cmap alone, and that map is wrong in three ways that matter here (measured with
 * poppler's pdftotext): a glyph shared by two code points maps to the lower one (小 U+5C0F comes out as
 * the Kangxi radical ⼩ U+2F29); Arabic joining forms map to presentation forms (ﻣ for م); and a glyph no
 * code point reaches, made by shaping, maps to nothing, so letters go missing. Noto Sans Arabic also
 * draws ب, ت, ث, ن and ي in the middle of a word with one dotless glyph plus dot marks, which no glyph
 * to text map can tell apart.
 *
 * So every fillText on a PDF page is bracketed by two draws of a marker image, and after Skia writes the
 * document the markers are replaced by marked content (PDF 32000-1 §14.9.4): a line of left-to-right text
 * becomes one `/Span <</ActualText (line)>> BDC … EMC`. Readers order right-to-left text from the glyphs'
 * positions (poppler lays an ActualText out left to right and reverses it on a right-to-left line), so a
 * line with right-to-left text gets ActualText per glyph cluster instead: the runs drawn in an Arabic or
 * Hebrew font are shaped again with HarfBuzz, which Skia shapes with too, and each cluster of glyphs
 * carries the characters it came from. What still goes through the ToUnicode maps (text outside both
 * cases, and other readers) gets compatibility and presentation forms mapped to the characters they stand
 * for.
 */

/**
 * A text drawn on a page: the line's characters, the CSS font it was drawn in, and the OpenType features its
 * context asked for (small capitals, ligatures off, figures), as HarfBuzz reads them.
 */
export interface DrawnText {
  text: string
  font: string
  features?: string[]
}

/** The context's font variants as HarfBuzz features (`-liga`, `smcp`, `tnum`), so a shaping again matches Skia's. */
export function drawnFeatures(ctx: {
  fontVariantLigatures?: string
  fontVariantCaps?: string
  fontVariantNumeric?: string
}): string[] {
  const out: string[] = []
  if (ctx.fontVariantLigatures === 'no-common-ligatures') out.push('-liga', '-clig')
  if (ctx.fontVariantCaps === 'small-caps') out.push('smcp')
  const numeric = ctx.fontVariantNumeric ?? ''
  if (numeric.includes('lining-nums')) out.push('lnum')
  if (numeric.includes('oldstyle-nums')) out.push('onum')
  if (numeric.includes('tabular-nums')) out.push('tnum')
  return out
}

// A transparent pixel: drawing it leaves nothing to see but an XObject draw Skia cannot leave out.
let marker: Canvas | undefined

/**
 * Brackets every fillText and strokeText of a PDF page's context between two marker draws and records what it drew.
 * `at` is a point inside every clip a text is drawn under (the page's centre), so Skia never culls a marker.
 */
export function markTexts(
  ctx: {
    fillText(text: string, x: number, y: number): void
    strokeText(text: string, x: number, y: number): void
    save(): void
    restore(): void
    setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void
    drawImage(image: Canvas, x: number, y: number, w: number, h: number): void
    globalAlpha: number
    font: string
    fontVariantLigatures?: string
    fontVariantCaps?: string
    fontVariantNumeric?: string
  },
  at: { x: number; y: number },
): DrawnText[] {
  marker ??= createCanvas(1, 1)
  const image = marker
  const drawn: DrawnText[] = []
  const mark = () => {
    ctx.save()
    ctx.setTransform(1, 0, 0, 1, 0, 0)
    ctx.globalAlpha = 1
    ctx.drawImage(image, at.x, at.y, 1, 1)
    ctx.restore()
  }
  // The page's first XObject draw is a marker, which names the marker's XObject in the content stream.
  mark()
  mark()
  drawn.push({ text: '', font: '' })
  const fillText = ctx.fillText.bind(ctx)
  // A colour emoji's text waiting for the next text drawn on its baseline, when none came before it there.
  let pending: { text: string; y: number } | undefined
  let last: { entry: DrawnText; y: number } | undefined
  ctx.fillText = (text: string, x: number, y: number) => {
    if (firstFace(ctx.font) === COLOR_EMOJI_FACE) {
      // Skia writes a colour emoji as a Type 3 glyph, whose text poppler places by the glyph's own matrix, away
      // from its line: its characters ride on the span of the text beside it on its baseline instead.
      const onLine = last && Math.abs(last.y - y) < 0.5 ? last.entry : undefined
      if (onLine) onLine.text += text
      else pending = { text: pending && Math.abs(pending.y - y) < 0.5 ? pending.text + text : text, y }
      drawn.push({ text: '', font: ctx.font })
    } else {
      const features = RTL.test(text) ? drawnFeatures(ctx) : []
      const before = pending && Math.abs(pending.y - y) < 0.5 ? pending.text : ''
      pending = undefined
      const entry: DrawnText = features.length
        ? { text: before + text, font: ctx.font, features }
        : { text: before + text, font: ctx.font }
      drawn.push(entry)
      last = { entry, y }
    }
    mark()
    fillText(text, x, y)
    mark()
  }
  // An outline is drawn under the same words' fill: Skia writes it as text in a Type 3 font, which a reader would
  // copy out a second time, so its span's ActualText is empty.
  const strokeText = ctx.strokeText.bind(ctx)
  ctx.strokeText = (text: string, x: number, y: number) => {
    drawn.push({ text: '', font: ctx.font })
    mark()
    strokeText(text, x, y)
    mark()
  }
  return drawn
}

// The embeddings, overrides and isolates a line is drawn with (its runs' resolved directions): a reader copying
// the line wants its characters, not them.
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g

const RTL = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u
// The characters a right-to-left face draws in a line: its script's letters, marks, digits and punctuation, and
// the joiners between them (Persian's zero-width non-joiner).
const RTL_RUN = /[\p{Script_Extensions=Arabic}\p{Script_Extensions=Hebrew}\u200c\u200d]+/gu

const utf16Hex = (text: string) =>
  `<FEFF${[...Buffer.from(text, 'utf16le').swap16()]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase()}>`

const span = (text: string, lang?: string) =>
  `/Span <</ActualText ${utf16Hex(text)}${lang ? ` /Lang (${lang})` : ''}>> BDC`

/** The Han forms of each CJK face, as language tags: the text drawn in the face is in that language's forms. */
const FACE_LANGUAGES: Array<[RegExp, string]> = [
  [/^Templet Noto (Sans|Serif) JP$/, 'ja'],
  [/^Templet Noto (Sans|Serif) TC$/, 'zh-Hant'],
  [/^Templet Noto (Sans|Serif) SC$/, 'zh-Hans'],
  [/^Templet Noto (Sans|Serif) KR$/, 'ko'],
]

/**
 * The language of a line drawn in a CJK face (the first face of its CSS font), for its span's `/Lang`: a
 * reader, a screen reader or a search then knows a Japanese name from a Chinese one (PDF 32000-1 §14.9.2).
 * Other lines take the document's language.
 */
export function spanLanguage(font: string): string | undefined {
  const first = firstFace(font)
  return FACE_LANGUAGES.find(([face]) => face.test(first))?.[1]
}

/** The first face of a CSS font (Skia answers the font it was given with its families quoted either way). */
const firstFace = (font: string) => /(Templet [^"',]+)/.exec(font)?.[1]?.trim() ?? ''

/** The right-to-left faces, by PostScript name, loaded into HarfBuzz on first use. */
let rtlFaces: Map<string, hb.Font> | undefined
function rtlFace(postScriptName: string): hb.Font | undefined {
  if (!rtlFaces) {
    rtlFaces = new Map()
    for (const face of FAMILIES.filter((f) => /Arabic|Hebrew/.test(f)).flatMap(facesOf)) {
      const hbFace = new hb.Face(new hb.Blob(readFileSync(face.file)))
      const name = hbFace.getName(6, 'en') || path.basename(face.file, path.extname(face.file))
      rtlFaces.set(name, new hb.Font(hbFace))
    }
  }
  return rtlFaces.get(postScriptName)
}

/** A run shaped by HarfBuzz: its glyph ids in visual order, and the characters of each glyph's cluster. */
function shapeRun(font: hb.Font, run: string, features: readonly string[]) {
  const buffer = new hb.Buffer()
  buffer.addText(run)
  buffer.guessSegmentProperties()
  hb.shape(
    font,
    buffer,
    features.flatMap((f) => hb.Feature.fromString(f) ?? []),
  )
  const infos = buffer.getGlyphInfos()
  const positions = buffer.getGlyphPositions()
  const starts = [...new Set(infos.map((g) => g.cluster))].sort((a, b) => a - b)
  const end = (cluster: number) => starts.find((s) => s > cluster) ?? run.length
  return infos.map((g, i) => ({
    glyph: g.codepoint,
    cluster: g.cluster,
    advance: positions[i]?.xAdvance ?? 0,
    text: run.slice(g.cluster, end(g.cluster)),
  }))
}

const glyphIds = (glyphs: ReadonlyArray<{ glyph: number }>) => glyphs.map((g) => g.glyph).join(',')

/** One glyph shown by a `Tj`, with the `Td` move that came before it, as Skia writes them. */
interface Shown {
  move: string
  glyph: number
}

/** A font of a page: its PostScript name (the subset tag dropped) and its ToUnicode map, glyph to text. */
export interface PageFont {
  postScriptName: string
  unicode: Map<number, string>
}

/**
 * A text object (BT … ET) of a line that has right-to-left text, marked so a reader gets its characters:
 * in a right-to-left face, ActualText per cluster when its glyphs are exactly those HarfBuzz makes of one of
 * the line's right-to-left runs; in any other face one ActualText for the object, its glyphs' text (so a
 * reader does not break letter-spaced Latin into letters). Unchanged when neither applies.
 */
function markedBlock(
  block: string[],
  line: string,
  features: readonly string[],
  fonts: Map<string, PageFont>,
): string[] {
  const resource = block.map((op) => /^\/(\S+) \S+ Tf$/.exec(op)?.[1]).find(Boolean)
  const pageFont = resource ? fonts.get(resource) : undefined
  if (!pageFont) return block
  const font = rtlFace(pageFont.postScriptName)
  const head: string[] = []
  const shown: Shown[] = []
  for (const op of block.slice(1, -1)) {
    const m = /^(?:(\S+ \S+ Td) )?<([0-9A-Fa-f]+)> Tj$/.exec(op)
    if (!m) {
      if (shown.length) return block
      head.push(op)
      continue
    }
    const hex = m[2] as string
    for (let i = 0; i < hex.length; i += 4)
      shown.push({ move: i === 0 ? (m[1] ?? '') : '', glyph: Number.parseInt(hex.slice(i, i + 4), 16) })
  }
  if (!font) {
    const text = shown.map((s) => pageFont.unicode.get(s.glyph))
    if (!shown.length || text.some((t) => t === undefined)) return block
    return ['BT', ...head, span(text.join('')), ...block.slice(1 + head.length, -1), 'EMC', 'ET']
  }
  const ids = glyphIds(shown)
  for (const run of line.match(RTL_RUN) ?? []) {
    const shaped = shapeRun(font, run, features)
    // A run of digits inside right-to-left text is drawn left to right: its glyphs are HarfBuzz's reversed.
    const reversed = [...shaped].reverse()
    const forwards = glyphIds(shaped) === ids
    if (!forwards && glyphIds(reversed) !== ids) continue
    const glyphs = forwards ? shaped : reversed
    const out = ['BT', ...head]
    // The cluster's characters ride on its widest glyph (the letter); its marks (Noto's dots) carry an empty
    // ActualText, so a reader places the letter where the letter is drawn, not across its dots. Poppler lays
    // a span's characters out left to right and reverses the right-to-left line they are on, so a cluster of
    // several (a letter and its points, lam-alef) is written in visual order, to come out as typed.
    const carriers = new Map<number, number>()
    glyphs.forEach((g, i) => {
      const best = carriers.get(g.cluster)
      if (best === undefined || g.advance > (glyphs[best]?.advance ?? 0)) carriers.set(g.cluster, i)
    })
    glyphs.forEach((g, i) => {
      const s = shown[i] as Shown
      out.push(
        span(carriers.get(g.cluster) === i ? (forwards ? [...g.text].reverse().join('') : g.text) : ''),
      )
      out.push(`${s.move ? `${s.move} ` : ''}<${s.glyph.toString(16).padStart(4, '0').toUpperCase()}> Tj`)
      out.push('EMC')
    })
    out.push('ET')
    return out
  }
  return block
}

/**
 * A page's content stream with its markers replaced by marked content. `fonts` are the page's font
 * resources by name. Throws when the markers are not where they were drawn, which
 * would mean Skia wrote the page differently than this code expects.
 */
export function withActualText(
  content: string,
  drawn: DrawnText[],
  fonts: Map<string, PageFont>,
): { content: string; marker: string } {
  const lines = content.split('\n')
  const first = lines.find((l) => / Do$/.test(l))
  const marker = first?.slice(1, -3)
  if (!marker) throw new Error('the PDF page has no text marker')
  const markerLine = `/${marker} Do`
  const out: string[] = []
  let markers = 0
  // The text drawn between the last start marker and its end marker, if any, and how it is marked.
  let current: string | undefined
  let language: string | undefined
  let features: readonly string[] = []
  let whole = false
  let opened = false
  let lastEnd = -1
  let block: string[] | undefined
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string
    if (line !== markerLine) {
      if (block) {
        block.push(line)
        if (line === 'ET') {
          out.push(...markedBlock(block, current ?? '', features, fonts))
          block = undefined
        }
        continue
      }
      if (line === 'BT' && current !== undefined) {
        // Poppler places an ActualText with the graphics state in force at its EMC, so the span opens and
        // closes inside the q … Q group the text is drawn in (by its BT … ET), not around the group.
        if (whole && !opened) {
          out.push(span(current.replace(BIDI_CONTROLS, ''), language))
          opened = true
        }
        if (!whole) {
          block = [line]
          continue
        }
      }
      out.push(line)
      if (line === 'ET' && opened) lastEnd = out.length
      continue
    }
    // The marker's draw is wrapped in one or two q … Q groups (its clip, its matrix): drop them whole.
    let closing = 0
    while (lines[i + 1 + closing] === 'Q') closing++
    for (let found = 0, depth = 0; found < closing && out.length; ) {
      const prev = out.pop() as string
      if (prev === 'Q') depth++
      else if (prev === 'q') {
        if (depth === 0) found++
        else depth--
      }
    }
    i += closing
    // Markers come in pairs around each fillText; the first pair only names the marker.
    const call = markers >> 1
    const starts = markers % 2 === 0
    markers++
    if (starts) {
      current = call > 0 ? (drawn[call]?.text ?? '') : undefined
      language = call > 0 ? spanLanguage(drawn[call]?.font ?? '') : undefined
      features = (call > 0 && drawn[call]?.features) || []
      whole = current !== undefined && !RTL.test(current)
    } else {
      if (opened) out.splice(lastEnd, 0, 'EMC')
      current = undefined
      whole = false
      opened = false
    }
  }
  if (markers !== drawn.length * 2)
    throw new Error(`the PDF page has ${markers} text markers, not ${drawn.length * 2}`)
  return { content: out.join('\n'), marker }
}
