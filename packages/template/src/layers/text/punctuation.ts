/**
 * Smart punctuation: what a keyboard types ("straight" quotes, `--`, `...`) as a typesetter sets it, in the
 * text's language. A text layer that asks for it (`smartPunctuation`) draws its text and its values so; the
 * stored text and values keep what was typed.
 *
 * - `"` is the language's outer quote and `'` its inner one (English “ ” and ‘ ’, German „ “ and ‚ ‘, French
 *   « » and “ ” with a narrow no-break space, U+202F, inside the guillemets, Simplified Chinese “ ” and ‘ ’,
 *   Japanese and Traditional Chinese 「 」 and 『 』; see `QUOTES`). A quote opens at the text's start, after a
 *   space, an opening bracket, a dash or another opening quote, and closes elsewhere (and after a space when
 *   one is open and a space or a stop follows); a closing quote takes the
 *   marks of the language its opening quote was in.
 * - An apostrophe is ’: inside a word (don't, l’homme), after a word when no single quote is open (the dogs’),
 *   at a word's start before two figures (’90s) and, in English, before the usual elisions (’tis, ’em, ’cause).
 * - After a figure, `'` and `"` are feet and inches (or minutes and seconds): primes, 5′10″, unless a quote of
 *   their kind is open (then they close it: "Room 5").
 * - `---` is an em dash; `--` an en dash between figures (1990–2000) or between spaces ( – ), else an em dash
 *   (word—word).
 * - `...` is an ellipsis (…).
 *
 * The markup's asterisks are looked through: `"**bold**"` opens and closes around the bold word.
 */

interface Quotes {
  open: string
  close: string
  innerOpen: string
  innerClose: string
  /** Set inside the outer quotes (French: a narrow no-break space). */
  pad?: string
}

const NNBSP = '\u202F'
const ENGLISH: Quotes = { open: '“', close: '”', innerOpen: '‘', innerClose: '’' }
const LOW: Quotes = { open: '„', close: '“', innerOpen: '‚', innerClose: '‘' }
const CORNER: Quotes = { open: '「', close: '」', innerOpen: '『', innerClose: '』' }
const GUILLEMETS: Quotes = { open: '«', close: '»', innerOpen: '„', innerClose: '“' }

/** Quotes by language tag (lower case), region or script first, then language; any other takes English's. */
const QUOTES: Record<string, Quotes> = {
  de: LOW,
  'de-ch': { open: '«', close: '»', innerOpen: '‹', innerClose: '›' },
  cs: LOW,
  sk: LOW,
  sl: LOW,
  hr: LOW,
  lt: LOW,
  et: LOW,
  is: LOW,
  pl: { open: '„', close: '”', innerOpen: '«', innerClose: '»' },
  fr: { open: '«', close: '»', innerOpen: '“', innerClose: '”', pad: NNBSP },
  ru: GUILLEMETS,
  uk: GUILLEMETS,
  be: GUILLEMETS,
  sv: { open: '”', close: '”', innerOpen: '’', innerClose: '’' },
  fi: { open: '”', close: '”', innerOpen: '’', innerClose: '’' },
  ja: CORNER,
  zh: ENGLISH,
  'zh-hant': CORNER,
  'zh-tw': CORNER,
  'zh-hk': CORNER,
  'zh-mo': CORNER,
}

/** The quotes of a language tag (BCP 47): `zh-Hant-TW` by its script, `de-CH` by its region, `fr-CA` as `fr`. */
export function quotesOf(lang: string | undefined): Quotes {
  if (!lang) return ENGLISH
  const parts = lang.toLowerCase().split(/[-_]/)
  const language = parts[0] ?? ''
  for (const sub of parts.slice(1)) {
    const q = QUOTES[`${language}-${sub}`]
    if (q) return q
  }
  return QUOTES[language] ?? ENGLISH
}

/** English words that begin with an elision's apostrophe: ’tis, ’twas, ’em, ’cause, ’til, ’bout, ’n’. */
const ELISIONS = /^(?:tis|twas|twere|twill|em|cause|cos|til|bout|round|n)(?![\p{L}\p{N}])/iu

const isEnglish = (lang: string | undefined) => !lang || /^en(?:$|[-_])/i.test(lang)
const isSpace = (ch: string | undefined) => ch === undefined || /\s/u.test(ch)
const CJK = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}]/u
const isCjk = (ch: string | undefined) => ch !== undefined && CJK.test(ch)
/** A letter of a script that writes apostrophes (Han, kana and hangul do not). */
const isLetter = (ch: string | undefined) => ch !== undefined && /\p{L}/u.test(ch) && !CJK.test(ch)
const isDigit = (ch: string | undefined) => ch !== undefined && /\p{Nd}/u.test(ch)
const CLOSERS = /^[.,;:!?)\]}]/
const OPENERS = new Set(['(', '[', '{', '<', '-', '–', '—', '/'])

interface OpenQuote {
  inner: boolean
  quotes: Quotes
}

/** A text in pieces, each in its language; the state (open quotes, what came before) runs across them. */
export interface PunctuationPiece {
  text: string
  lang?: string | undefined
}

/**
 * Pieces of a text with smart punctuation, each in its own language (`lang` where a piece declares none).
 * A quote opened in one piece closes in another: a template's `"{{name}}"` quotes the value.
 */
export function smartPieces<P extends PunctuationPiece>(pieces: readonly P[], lang?: string): P[] {
  const source = pieces.map((p) => p.text).join('')
  const langs: Array<string | undefined> = []
  for (const p of pieces) for (let i = 0; i < p.text.length; i++) langs.push(p.lang ?? lang)
  const out: string[] = pieces.map(() => '')
  const stack: OpenQuote[] = []
  /** The last character written, markup's asterisks looked through, and whether it opened a quote. */
  let prev: string | undefined
  let opened = false
  let skip = 0
  let piece = 0
  let pieceEnd = pieces[0]?.text.length ?? 0
  const emit = (s: string, opens = false) => {
    out[piece] += s
    if (s !== '*') {
      prev = s[s.length - 1]
      opened = opens
    }
  }
  /** Takes back a space just written (before a padded closing quote, which sets its own). */
  const dropSpace = () => {
    for (let k = piece; k >= 0; k--) {
      const o = out[k] as string
      if (!o) continue
      if (o.endsWith(' ')) out[k] = o.slice(0, -1)
      return
    }
  }
  const isOpen = (inner: boolean) => stack.some((q) => q.inner === inner)
  // Chinese and Japanese have no spaces to tell: after their characters a quote opens unless one is open.
  const openContext = (inner: boolean) =>
    prev === undefined || opened || isSpace(prev) || OPENERS.has(prev) || (isCjk(prev) && !isOpen(inner))
  const openQuote = (inner: boolean, at: number) => {
    const quotes = quotesOf(langs[at])
    stack.push({ inner, quotes })
    if (inner) emit(quotes.innerOpen, true)
    else {
      emit(quotes.open + (quotes.pad ?? ''), true)
      // The pad takes the place of a space typed after the quote.
      if (quotes.pad && source[at + 1] === ' ') skip = 1
    }
  }
  const closeQuote = (inner: boolean, at: number) => {
    let k = stack.length - 1
    while (k >= 0 && stack[k]?.inner !== inner) k--
    const quotes = k >= 0 ? (stack[k] as OpenQuote).quotes : quotesOf(langs[at])
    if (k >= 0) stack.length = k
    if (inner) emit(quotes.innerClose)
    else {
      if (quotes.pad) {
        dropSpace()
        emit(quotes.pad)
      }
      emit(quotes.close)
    }
  }
  for (let i = 0; i < source.length; i++) {
    while (i >= pieceEnd && piece < pieces.length - 1) pieceEnd += pieces[++piece]?.text.length ?? 0
    if (skip > 0) {
      skip--
      continue
    }
    const ch = source[i] as string
    const next = source[i + 1]
    if (ch === '.' && next === '.' && source[i + 2] === '.') {
      emit('…')
      skip = 2
    } else if (ch === '-' && next === '-') {
      if (source[i + 2] === '-') {
        emit('—')
        skip = 2
      } else {
        const after = source[i + 2]
        const en = (isDigit(prev) && isDigit(after)) || (isSpace(prev) && isSpace(after))
        emit(en ? '–' : '—')
        skip = 1
      }
    } else if (ch === '"') {
      if (isDigit(prev) && !isOpen(false)) emit('″')
      // A quote after a space that nothing follows closes an open one (« Bonjour » typed with its spaces).
      else if (
        openContext(false) &&
        !(isOpen(false) && isSpace(prev) && (isSpace(next) || CLOSERS.test(next ?? '')))
      )
        openQuote(false, i)
      else closeQuote(false, i)
    } else if (ch === "'") {
      if (isLetter(prev) && isLetter(next)) emit('’')
      else if (isDigit(prev)) {
        if (isLetter(next)) emit('’')
        else if (isOpen(true)) closeQuote(true, i)
        else emit('′')
      } else if (openContext(true)) {
        const rest = source.slice(i + 1, i + 12)
        const elision = /^\p{Nd}{2}(?!\p{Nd})/u.test(rest) || (isEnglish(langs[i]) && ELISIONS.test(rest))
        if (elision) emit('’')
        else openQuote(true, i)
      } else if (isLetter(prev) && !isOpen(true)) emit('’')
      else closeQuote(true, i)
    } else emit(ch)
  }
  return pieces.map((p, k) => ({ ...p, text: out[k] as string }) as P)
}

/** A text with smart punctuation in its language (see above). */
export const smartPunctuation = (text: string, lang?: string): string =>
  smartPieces([{ text }], lang)[0]?.text ?? ''

/** Whether a text has anything smart punctuation would change: the common text is left without a pass. */
export const hasStraightPunctuation = (text: string) => /["']|--|\.\.\./.test(text)
