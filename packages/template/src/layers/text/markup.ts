/**
 * The small markup a text may carry: `**bold**` and `*italic*` (they nest), `\*` for a literal asterisk.
 * A marker opens only before a non-space and closes only after one, and an italic marker is not inside a
 * word, so "5 * 3", "*terms apply" and "a*b" stay as typed. A marker left unclosed stays as typed too.
 */

export const BOLD = 1
export const ITALIC = 2

export interface Marked {
  /** The text without its markers. */
  text: string
  /** Per UTF-16 unit of `text`: BOLD | ITALIC bits. */
  emphasis: Uint8Array
  /** Per UTF-16 unit of `text`: its offset in the source; absent when the text is the source unchanged. */
  origin?: Uint32Array
}

interface Marker {
  at: number
  length: 1 | 2
}

const isSpace = (ch: string | undefined) => ch === undefined || /\s/.test(ch)
const isWordChar = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}]/u.test(ch)

/** Parses the markup of a text; a text without any is returned as it is. */
export function parseMarkup(source: string): Marked {
  if (!source.includes('*')) return { text: source, emphasis: new Uint8Array(source.length) }
  // Pass 1: pair markers. An opener waits on a stack until a closer of the same length comes.
  const pairs = new Map<number, Marker>() // opener position -> closer
  const escapes = new Set<number>()
  const open: Marker[] = []
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]
    if (ch === '\\' && source[i + 1] === '*') {
      escapes.add(i)
      i++
      continue
    }
    if (ch !== '*') continue
    let run = 1
    while (source[i + run] === '*') run++
    const before = source[i - 1]
    const after = source[i + run]
    // A run of markers closes what is open, innermost first ("***" after "**a *b" closes both), and
    // opens with what is left.
    let at = i
    let left = run
    const canClose = !isSpace(before)
    while (canClose && left > 0) {
      const top = open[open.length - 1]
      if (!top || top.length > left || (top.length === 1 && isWordChar(after))) break
      pairs.set(top.at, { at, length: top.length })
      open.pop()
      at += top.length
      left -= top.length
    }
    if (!isSpace(after))
      while (left > 0) {
        const length: 1 | 2 = left >= 2 ? 2 : 1
        if (length === 1 && isWordChar(before)) break
        open.push({ at, length })
        at += length
        left -= length
      }
    i += run - 1
  }
  // Pass 2: write the text without paired markers and escapes, with the emphasis of each unit.
  const closers = new Map([...pairs.values()].map((c) => [c.at, c]))
  let text = ''
  const marks: number[] = []
  const origin: number[] = []
  let state = 0
  for (let i = 0; i < source.length; i++) {
    if (escapes.has(i)) continue
    const opened = pairs.get(i)
    const closed = closers.get(i)
    const marker = opened ?? closed
    if (marker) {
      state ^= marker.length === 2 ? BOLD : ITALIC
      i += marker.length - 1
      continue
    }
    text += source[i]
    marks.push(state)
    origin.push(i)
  }
  return { text, emphasis: Uint8Array.from(marks), origin: Uint32Array.from(origin) }
}

/**
 * Colour runs, the template's own words only: `[#e4572e]words[/]` (any `#rrggbb` or `#rrggbbaa`, as a layer's
 * `color`), nesting with each other (the innermost colour wins) and with bold and italics. An opener without
 * its closer, and a closer without an opener, stay as typed. A backslash before a marker makes it literal, and
 * two stand for one backslash there (`\[/]` draws `[/]`, `\\[/]` a backslash and a closer); backslashes
 * anywhere else are the text's own. Documents of format 1 had no colour runs: their upgrade escapes every
 * marker (`escapeColorMarkers`), so they draw as typed.
 */
const COLOR_MARKER = /(\\*)(\[#(?:[0-9a-fA-F]{8}|[0-9a-fA-F]{6})\]|\[\/\])/g

/** A stretch of a text in one colour: the layer's own (`color` absent) or a run's. */
export interface ColoredText {
  text: string
  color?: string
}

/** A text cut into its colour runs, markers and their escapes taken out; a text without any is one stretch. */
export const parseColorRuns = (source: string): ColoredText[] => colorUnits(source).stretches

/** The stretches of a text, and of each of their units (in order) its offset in the source. */
function colorUnits(source: string): { stretches: ColoredText[]; origin: number[] } {
  const origin: number[] = []
  if (!source.includes('[')) {
    for (let i = 0; i < source.length; i++) origin.push(i)
    return { stretches: [{ text: source }], origin }
  }
  // Pass 1: the markers (an escaped one is text), and which opener each closer closes.
  type Token = { at: number; marker: number; end: number; literal: boolean; open?: string }
  const tokens: Token[] = []
  for (const m of source.matchAll(COLOR_MARKER)) {
    const marker = m.index + (m[1] as string).length
    const text = m[2] as string
    const literal = (m[1] as string).length % 2 === 1
    tokens.push({
      at: m.index,
      marker,
      end: marker + text.length,
      literal,
      ...(!literal && text !== '[/]' && { open: text.slice(1, -1).toLowerCase() }),
    })
  }
  const paired = new Set<Token>()
  const open: Token[] = []
  for (const t of tokens) {
    if (t.literal) continue
    if (t.open) open.push(t)
    else {
      const opener = open.pop()
      if (opener) paired.add(opener).add(t)
    }
  }
  // Pass 2: the stretches between paired markers, each in the colour open there.
  const stretches: ColoredText[] = []
  const stack: string[] = []
  let text = ''
  const take = (from: number, to: number) => {
    text += source.slice(from, to)
    for (let i = from; i < to; i++) origin.push(i)
  }
  const flush = () => {
    const color = stack[stack.length - 1]
    if (text) stretches.push(color ? { text, color } : { text })
    text = ''
  }
  let at = 0
  for (const t of tokens) {
    take(at, t.at)
    at = t.end
    const half = t.at + ((t.marker - t.at) >> 1)
    // Unpaired, as typed (its backslashes too); escaped, the marker after half its backslashes.
    if (!t.literal && !paired.has(t)) take(t.at, t.end)
    else if (t.literal) {
      take(t.at, half)
      take(t.marker, t.end)
    } else {
      take(t.at, half)
      flush()
      if (t.open) stack.push(t.open)
      else stack.pop()
    }
  }
  take(at, source.length)
  flush()
  return { stretches: stretches.length ? stretches : [{ text: '' }], origin }
}

/**
 * `source` with its characters in `[start, end)` (offsets in the source, markers included, as a text box
 * shows it) set in `color`, or in the layer's own colour when `color` is undefined, and where those characters
 * are in the text returned (a selection kept over the same words). Nothing selected leaves it as it is.
 */
export function recolor(
  source: string,
  start: number,
  end: number,
  color: string | undefined,
): { text: string; start: number; end: number } {
  const { stretches, origin } = colorUnits(source)
  // Words selected inside their bold or italic markers (`**sale**`) take the markers with them, which draw
  // nothing, so the run does not end between them and the words.
  let k = 0
  while (end > start && source[start - k - 1] === '*' && source[end + k] === '*') k++
  const from = start - k
  const to = end + k
  const units: ColoredText[] = []
  let unit = 0
  let before = 0
  let selected = 0
  for (const s of stretches)
    for (const ch of s.text) {
      // A character of two units (an emoji) is taken whole: its first unit's offset decides.
      const at = origin[unit] ?? 0
      unit += ch.length
      if (at < start) before += ch.length
      else if (at < end) selected += ch.length
      const c = at >= from && at < to ? color?.toLowerCase() : s.color
      units.push(c ? { text: ch, color: c } : { text: ch })
    }
  if (!selected) return { text: source, start, end }
  const text = writeColorRuns(units)
  const placed = colorUnits(text).origin
  return {
    text,
    start: placed[before] ?? text.length,
    end: (placed[before + selected - 1] ?? text.length - 1) + 1,
  }
}

/** A text whose markers all draw as typed: what a text of format 1 becomes (see `parseColorRuns`). */
export const escapeColorMarkers = (text: string): string =>
  text.replace(COLOR_MARKER, (_, slashes: string, marker: string) => `${slashes}${slashes}\\${marker}`)

/** Stretches written back as a text that parses to them; neighbours of one colour are one run. */
export function writeColorRuns(stretches: readonly ColoredText[]): string {
  const runs: ColoredText[] = []
  for (const s of stretches) {
    const last = runs[runs.length - 1]
    if (!s.text) continue
    if (last && last.color === s.color) last.text += s.text
    else runs.push({ ...s })
  }
  let out = ''
  // Backslashes that end a run come before a marker: doubled, they stay text.
  const marker = (m: string) => {
    out = out.replace(/\\+$/, (slashes) => slashes + slashes) + m
  }
  runs.forEach((run, i) => {
    if (i > 0 && runs[i - 1]?.color) marker('[/]')
    if (run.color) marker(`[${run.color}]`)
    out += escapeColorMarkers(run.text)
  })
  if (runs[runs.length - 1]?.color) marker('[/]')
  return out
}

/**
 * `text` with `[start, end)` set in bold (`**`) or italics (`*`), or taken out of them when the markers already
 * wrap it exactly; with nothing selected, the pair at the caret and the caret between them. Returns where the
 * same words are in the text returned.
 */
export function toggleEmphasis(
  text: string,
  start: number,
  end: number,
  kind: 'bold' | 'italic',
): { text: string; start: number; end: number } {
  const mark = kind === 'bold' ? '**' : '*'
  const stars = (at: number, step: -1 | 1) => {
    let n = 0
    while (text[step < 0 ? at - n - 1 : at + n] === '*') n++
    return n
  }
  // Bold is wrapped by runs of 2 or 3 asterisks, italics by 1 or 3.
  const has = (n: number) => (kind === 'bold' ? n >= 2 : n % 2 === 1)
  if (end > start && has(stars(start, -1)) && has(stars(end, 1)))
    return {
      text: text.slice(0, start - mark.length) + text.slice(start, end) + text.slice(end + mark.length),
      start: start - mark.length,
      end: end - mark.length,
    }
  return {
    text: `${text.slice(0, start)}${mark}${text.slice(start, end)}${mark}${text.slice(end)}`,
    start: start + mark.length,
    end: end + mark.length,
  }
}
