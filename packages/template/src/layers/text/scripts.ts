import type { WritingSystem } from '../../fonts'
import { graphemesOf } from '../../segments'

/**
 * Cutting a text into runs of one writing system, so each run draws in faces made for it: a Latin face
 * keeps the Greek and Cyrillic it has, Han takes the glyph forms of the text's language, an emoji sequence
 * goes whole to the colour emoji face.
 */

/** The forms Han characters are drawn in: mainland, Taiwan and Hong Kong, Japan, Korea. */
export type HanForms = 'zh-Hans' | 'zh-Hant' | 'ja' | 'ko'

const SCRIPTS: Array<[RegExp, WritingSystem | 'han' | 'kana' | 'hangul' | 'bopomofo']> = [
  [/\p{Script=Latin}/u, 'latin'],
  [/\p{Script=Han}/u, 'han'],
  [/[\p{Script=Hiragana}\p{Script=Katakana}]/u, 'kana'],
  [/\p{Script=Hangul}/u, 'hangul'],
  [/\p{Script=Arabic}/u, 'arabic'],
  [/\p{Script=Cyrillic}/u, 'cyrillic'],
  [/\p{Script=Greek}/u, 'greek'],
  [/\p{Script=Hebrew}/u, 'hebrew'],
  [/\p{Script=Thai}/u, 'thai'],
  [/\p{Script=Devanagari}/u, 'devanagari'],
  [/\p{Script=Bengali}/u, 'bengali'],
  [/\p{Script=Tamil}/u, 'tamil'],
  [/\p{Script=Khmer}/u, 'khmer'],
  [/\p{Script=Bopomofo}/u, 'bopomofo'],
]

/**
 * Whether a grapheme is drawn as a colour emoji: a pictograph with emoji presentation by default (😀), or
 * any sequence that asks for it: VS16 (❤️), a ZWJ sequence (🏳️‍🌈), a skin tone (👍🏽), a flag (🇯🇵, 🏴󠁧󠁢󠁳󠁣󠁴󠁿),
 * a keycap (1️⃣). VS15 (❤︎) asks for text, and a bare ❤ or © stays text as Unicode has it.
 */
export function isEmojiCluster(g: string): boolean {
  if (g.includes('\uFE0E')) return false
  if (g.includes('\uFE0F') || g.includes('\u20E3')) return /^\p{Emoji}/u.test(g)
  return (
    /^\p{Emoji_Presentation}/u.test(g) ||
    /\p{Emoji_Modifier}|\p{Regional_Indicator}|[\u{E0020}-\u{E007F}]/u.test(g) ||
    (g.includes('\u200D') && /\p{Extended_Pictographic}/u.test(g))
  )
}

// Frequent characters written one way in mainland China and another in Taiwan and Hong Kong: a text with
// more of the second kind is traditional Chinese.
const SIMPLIFIED_ONLY = new Set([
  ...'们这说时为来对会国学过还发开关变实点当样从动种问题经东车长门见马书头电话让认识语记边进钱机业产员两买卖无气写图应爱红现请师热华级单广农乐专义习乡欢迎号价设计湾',
])
const TRADITIONAL_ONLY = new Set([
  ...'們這說時為來對會國學過還發開關變實點當樣從動種問題經東車長門見馬書頭電話讓認識語記邊進錢機業產員兩買賣無氣寫圖應愛紅現請師熱華級單廣農樂專義習鄉歡迎號價設計灣臺',
])

/** The Han forms a language tag asks for (ja, ko, zh-TW, zh-Hant, zh-HK, zh-CN, zh-Hans…), if any. */
export function formsOfTag(lang: string): HanForms | undefined {
  const tag = lang.toLowerCase()
  if (tag === 'ja' || tag.startsWith('ja-')) return 'ja'
  if (tag === 'ko' || tag.startsWith('ko-')) return 'ko'
  if (tag === 'zh' || tag.startsWith('zh-'))
    return /-(hant|tw|hk|mo)(-|$)/.test(tag) && !tag.includes('-hans') ? 'zh-Hant' : 'zh-Hans'
  return undefined
}

/**
 * The glyph forms of the Han characters of a text: the language declared (a layer's `lang`, or the one a
 * render is given), else what the text shows: kana is Japanese, hangul Korean, traditional characters
 * outnumbering simplified ones are Taiwan's and Hong Kong's; else mainland forms.
 */
export function hanForms(text: string, lang?: string): HanForms {
  const declared = lang ? formsOfTag(lang) : undefined
  if (declared) return declared
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)) return 'ja'
  if (/\p{Script=Hangul}/u.test(text)) return 'ko'
  let traditional = 0
  for (const ch of text) {
    if (TRADITIONAL_ONLY.has(ch)) traditional++
    else if (SIMPLIFIED_ONLY.has(ch)) traditional--
  }
  return traditional > 0 ? 'zh-Hant' : 'zh-Hans'
}

/**
 * A stretch of a text whose Han characters take the forms of a language declared for it (a value the customer
 * said is Japanese, inside a layer's text); start and end are UTF-16 offsets, end excluded.
 */
export interface FormsSpan {
  start: number
  end: number
  forms: HanForms
}

/** A stretch of text in one writing system; start and end are UTF-16 offsets, end excluded. */
export interface ScriptRun {
  start: number
  end: number
  system: WritingSystem
}

const CJK: ReadonlySet<WritingSystem> = new Set(['zh-Hans', 'zh-Hant', 'ja', 'ko'])
/** The full-width forms of ASCII (U+FF01–FF5E) and of the cent, pound, not, macron, broken bar, yen and won signs. */
const FULL_WIDTH = /^[\uff01-\uff5e\uffe0-\uffe6]/
const isText = (s: WritingSystem | 'ascii' | undefined): s is WritingSystem =>
  s !== undefined && s !== 'ascii' && s !== 'emoji'

/** A grapheme's writing system, or undefined for one that belongs to its neighbours (spaces, digits, punctuation). */
function systemOf(g: string, forms: HanForms): WritingSystem | 'ascii' | undefined {
  const c = g.codePointAt(0) ?? 0
  if (c < 0x80 && !/[A-Za-z]/.test(g)) return isEmojiCluster(g) ? 'emoji' : g === ' ' ? undefined : 'ascii'
  if (isEmojiCluster(g)) return 'emoji'
  // Full-width Latin letters, digits and signs (Ａ, １, ＄) are CJK type: only the CJK faces draw them.
  if (FULL_WIDTH.test(g)) return forms
  for (const [re, sys] of SCRIPTS) {
    if (!re.test(g)) continue
    if (sys === 'han') return forms
    if (sys === 'kana') return 'ja'
    if (sys === 'hangul') return 'ko'
    if (sys === 'bopomofo') return 'zh-Hant'
    return sys
  }
  if (!/^\p{L}/u.test(g)) return undefined
  // A letter common to scripts but used by some only (the long-vowel mark ー of kana, the 〆 of Han) goes with
  // them, as its Script_Extensions say.
  if (/^[\p{scx=Hiragana}\p{scx=Katakana}]/u.test(g)) return 'ja'
  if (/^\p{scx=Han}/u.test(g)) return forms
  // A letter of a script we have no face for (Armenian, Ethiopic…) is its own run: the family's face and
  // the last resorts are tried, and the server refuses what none of them has.
  return 'latin'
}

/**
 * The text cut into writing-system runs. Characters common to scripts (spaces, digits, punctuation) join
 * the run before them (the one after at the start), except ASCII next to Chinese, Japanese or Korean, which
 * is drawn in the family's Latin face as print sets Western digits and words there. Han takes `forms`, or
 * inside a span the span's own; with spans, CJK punctuation takes the forms of the stretch it stands in (a
 * full stop sits in the corner in Japan and in the middle in Taiwan).
 */
export function scriptRuns(text: string, forms: HanForms, spans: readonly FormsSpan[] = []): ScriptRun[] {
  const cuts: Array<{ at: number; system: WritingSystem | 'ascii' | undefined; declared?: HanForms }> = []
  for (const { segment, index } of graphemesOf(text)) {
    const declared = spans.find((s) => index >= s.start && index < s.end)?.forms
    cuts.push({ at: index, system: systemOf(segment, declared ?? forms), ...(declared && { declared }) })
  }
  // The writing system of the text around each grapheme: the last one before it (an emoji draws only
  // itself), else the first one after it, found for every grapheme in one pass from the end.
  const after: Array<WritingSystem | undefined> = new Array(cuts.length)
  for (let i = cuts.length - 2; i >= 0; i--) {
    const next = cuts[i + 1]?.system
    after[i] = isText(next) ? next : after[i + 1]
  }
  const resolved: WritingSystem[] = []
  let before: WritingSystem | undefined
  for (let i = 0; i < cuts.length; i++) {
    const own = cuts[i]?.system
    if (own !== undefined && own !== 'ascii') {
      resolved.push(own)
      if (own !== 'emoji') before = own
      continue
    }
    const around = before ?? after[i] ?? 'latin'
    // Beside a value of another language, CJK punctuation keeps the forms of the text it is part of.
    const han = spans.length > 0 ? (cuts[i]?.declared ?? forms) : around
    resolved.push(own === 'ascii' && CJK.has(around) ? 'latin' : CJK.has(around) ? han : around)
  }
  const runs: ScriptRun[] = []
  cuts.forEach((cut, i) => {
    const system = resolved[i] ?? 'latin'
    const end = cuts[i + 1]?.at ?? text.length
    const last = runs[runs.length - 1]
    if (last && last.system === system) last.end = end
    else runs.push({ start: cut.at, end, system })
  })
  return runs
}

/** Unicode's names of the scripts customers write, for telling them which one a font lacks. */
const SCRIPT_NAMES = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Nko',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Georgian',
  'Hangul',
  'Ethiopic',
  'Cherokee',
  'Canadian_Aboriginal',
  'Ogham',
  'Runic',
  'Tagalog',
  'Khmer',
  'Mongolian',
  'Balinese',
  'Javanese',
  'Ol_Chiki',
  'Tifinagh',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Han',
  'Yi',
  'Vai',
  'Adlam',
  'Braille',
]
let scriptTests: Array<[string, RegExp]> | undefined

/**
 * The Unicode script of a character, by name ("Ethiopic", "Canadian Aboriginal"), or "Common" for a
 * symbol, a digit or a mark that belongs to no one script.
 */
export function scriptName(ch: string): string {
  scriptTests ??= SCRIPT_NAMES.map((n) => [n.replace(/_/g, ' '), new RegExp(`\\p{Script=${n}}`, 'u')])
  return scriptTests.find(([, re]) => re.test(ch))?.[0] ?? 'Common'
}
