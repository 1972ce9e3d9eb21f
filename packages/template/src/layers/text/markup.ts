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
