/**
 * The words of creation search, made here once for both engines, so SQLite's FTS5 and PostgreSQL's full-text
 * index hold the same lexemes and answer the same way (docs/adr/0060-creation-search-words.md).
 *
 * Text is folded (NFKD, combining marks dropped, lower case) and cut at everything that is not a letter or a
 * digit. Chinese, Japanese and Korean write words without spaces, so a run of their characters is kept as every
 * single character and every adjacent pair: a two-character word such as 日落 is then a word of its own, wherever
 * it stands in a sentence.
 */

import { fieldKinds } from '@templet/template'

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u
const RUNS =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+|[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu

/** A search term is at most this long: longer "words" (a pasted URL) only match themselves anyway. */
const MAX_WORD = 64

function fold(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
}

/** The runs of a folded word: CJK characters apart from the rest (`iphone手机` → `iphone`, `手机`). */
const runs = (word: string) => word.match(RUNS) ?? []

const pairs = (run: string) => {
  const chars = [...run]
  return chars.slice(1).map((c, i) => `${chars[i]}${c}`)
}

/** The lexemes a text is found by: its words, and each CJK character and pair of characters. */
export function indexWords(text: string): string[] {
  const out = new Set<string>()
  for (const word of fold(text))
    for (const run of runs(word)) {
      if (CJK.test(run)) {
        for (const c of run) out.add(c)
        for (const p of pairs(run)) out.add(p)
      } else out.add(run.slice(0, MAX_WORD))
    }
  return [...out]
}

/**
 * What a query asks for, every term required: a word matches words that start with it (`sun` finds Sunset), a
 * CJK run of two or more characters its pairs, a single CJK character itself. Empty when the query has no
 * letter or digit: such a query finds nothing.
 */
export function queryTerms(q: string): string[] {
  const out = new Set<string>()
  for (const word of fold(q))
    for (const run of runs(word)) {
      if (!CJK.test(run)) out.add(run.slice(0, MAX_WORD))
      else if ([...run].length === 1) out.add(run)
      else for (const p of pairs(run)) out.add(p)
    }
  return [...out].slice(0, 16)
}

/** The stored `creations.search_text`: the lexemes of the name and the typed values, space-separated. */
export function creationSearchText(name: string, typed: readonly string[]): string {
  return indexWords([name, ...typed].join('\n')).join(' ')
}

/**
 * The typed text of a creation: the values of the fields whose kind is words the customer types, in the
 * template's order. The fields may be a stored document's as read from the database, so a kind the model
 * does not know is no typed text.
 */
export function typedValues(
  fields: readonly { key: string; kind: string }[],
  values: Record<string, string>,
): string[] {
  const typed = (kind: string) => fieldKinds.kinds.some((k) => k.kind === kind && k.typed)
  return fields.flatMap((f) => (typed(f.kind) && values[f.key]?.trim() ? [values[f.key] as string] : []))
}
