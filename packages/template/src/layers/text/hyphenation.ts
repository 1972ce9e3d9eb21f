/**
 * Hyphenation by language patterns (Liang's algorithm with TeX's patterns, from the `hyphen` package). A
 * language's patterns are 10 to 750 kB, so neither they nor the library's core are in the bundle that lays text out: each is loaded on first
 * use (`loadHyphenation`, which a surface awaits before it draws a text layer that hyphenates), and layout
 * reads only what is loaded. A language without patterns, or whose patterns are not loaded, does not hyphenate.
 */

type Patterns = { default?: unknown }

// One literal import per language, so a bundler makes each pattern file a chunk of its own, fetched on demand.
const PATTERNS: Readonly<Record<string, () => Promise<Patterns>>> = {
  af: () => import('hyphen/patterns/af.js'),
  be: () => import('hyphen/patterns/be.js'),
  bg: () => import('hyphen/patterns/bg.js'),
  ca: () => import('hyphen/patterns/ca.js'),
  cs: () => import('hyphen/patterns/cs.js'),
  cy: () => import('hyphen/patterns/cy.js'),
  da: () => import('hyphen/patterns/da.js'),
  de: () => import('hyphen/patterns/de-1996.js'),
  el: () => import('hyphen/patterns/el-monoton.js'),
  en: () => import('hyphen/patterns/en-us.js'),
  'en-gb': () => import('hyphen/patterns/en-gb.js'),
  es: () => import('hyphen/patterns/es.js'),
  et: () => import('hyphen/patterns/et.js'),
  eu: () => import('hyphen/patterns/eu.js'),
  fi: () => import('hyphen/patterns/fi.js'),
  fr: () => import('hyphen/patterns/fr.js'),
  ga: () => import('hyphen/patterns/ga.js'),
  gl: () => import('hyphen/patterns/gl.js'),
  hr: () => import('hyphen/patterns/hr.js'),
  hu: () => import('hyphen/patterns/hu.js'),
  id: () => import('hyphen/patterns/id.js'),
  is: () => import('hyphen/patterns/is.js'),
  it: () => import('hyphen/patterns/it.js'),
  la: () => import('hyphen/patterns/la.js'),
  lt: () => import('hyphen/patterns/lt.js'),
  lv: () => import('hyphen/patterns/lv.js'),
  mk: () => import('hyphen/patterns/mk.js'),
  nb: () => import('hyphen/patterns/nb.js'),
  nl: () => import('hyphen/patterns/nl.js'),
  nn: () => import('hyphen/patterns/nn.js'),
  no: () => import('hyphen/patterns/no.js'),
  pl: () => import('hyphen/patterns/pl.js'),
  pt: () => import('hyphen/patterns/pt.js'),
  ro: () => import('hyphen/patterns/ro.js'),
  ru: () => import('hyphen/patterns/ru.js'),
  sk: () => import('hyphen/patterns/sk.js'),
  sl: () => import('hyphen/patterns/sl.js'),
  sq: () => import('hyphen/patterns/sq.js'),
  sr: () => import('hyphen/patterns/sr-cyrl.js'),
  'sr-latn': () => import('hyphen/patterns/sh-latn.js'),
  sv: () => import('hyphen/patterns/sv.js'),
  tr: () => import('hyphen/patterns/tr.js'),
  uk: () => import('hyphen/patterns/uk.js'),
}

// British spelling hyphenates differently (TeX's ukhyphen); the other Commonwealth variants follow it.
const BRITISH = new Set(['gb', 'au', 'nz', 'ie', 'za', 'in'])

/**
 * The patterns that hyphenate a language (BCP 47: `de-CH`, `en-GB`, `pt-BR`, `sr-Latn`), or undefined when the
 * library has none for it (Chinese, Japanese, Arabic…).
 */
export function hyphenationPatterns(lang: string | undefined): string | undefined {
  if (!lang) return undefined
  const [primary = '', ...rest] = lang.toLowerCase().split('-')
  if (primary === 'en' && rest.some((s) => BRITISH.has(s))) return 'en-gb'
  if (primary === 'sr' && rest.includes('latn')) return 'sr-latn'
  return primary in PATTERNS ? primary : undefined
}

type Hyphenator = (text: string) => string
const loaded = new Map<string, Hyphenator>()
const loading = new Map<string, Promise<void>>()

/**
 * Loads the patterns of each language that has some, once per process (a second call waits for the first
 * load). Resolves when all are ready; a language without patterns is skipped.
 */
export function loadHyphenation(langs: Iterable<string | undefined>): Promise<void> {
  const waits: Promise<void>[] = []
  for (const lang of langs) {
    const key = hyphenationPatterns(lang)
    if (!key || loaded.has(key)) continue
    let wait = loading.get(key)
    if (!wait) {
      const load = PATTERNS[key] as () => Promise<Patterns>
      wait = Promise.all([import('hyphen/hyphen.js'), load()]).then(([core, m]) => {
        // The library's files are CommonJS: each one's export is the module's default under ESM.
        const create = (core.default ?? core) as typeof core.default
        loaded.set(key, create(m.default ?? m))
      })
      wait.catch(() => loading.delete(key))
      loading.set(key, wait)
    }
    waits.push(wait)
  }
  return Promise.all(waits).then(() => undefined)
}

/** Whether every language's patterns that exist are loaded, so layout can hyphenate them now. */
export const hyphenationLoaded = (langs: Iterable<string | undefined>): boolean =>
  [...langs].every((lang) => {
    const key = hyphenationPatterns(lang)
    return !key || loaded.has(key)
  })

const SOFT_HYPHEN = '\u00AD'

/**
 * The offsets inside `word` at which its language's patterns let it be hyphenated (each the start of the part
 * after the hyphen), in order; none when the language has no patterns loaded.
 */
export function hyphenationPoints(word: string, lang: string | undefined): number[] {
  const key = hyphenationPatterns(lang)
  const hyphenate = key ? loaded.get(key) : undefined
  if (!hyphenate) return []
  const marked = hyphenate(word)
  const points: number[] = []
  let shift = 0
  for (let i = marked.indexOf(SOFT_HYPHEN); i >= 0; i = marked.indexOf(SOFT_HYPHEN, i + 1)) {
    points.push(i - shift)
    shift++
  }
  return points
}
