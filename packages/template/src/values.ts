import type { Template } from './document'
import { fieldKinds } from './fields'
import type { ValueIssue } from './fields/issue'
import type { FontFamily } from './fonts'
import { layerKinds } from './layers'
import type { Typeset } from './layers/kind'
import { fieldReferences, hyphenationLanguage, scriptName } from './layers/text'
import type { Locale, Values } from './primitives'

export interface ValueRules {
  /**
   * The characters of a text that no face of a family's stack can draw. Only a surface that holds the font
   * files knows (the server reads their character maps); without it, characters are not checked.
   */
  uncoveredCharacters?: (text: string, family: FontFamily, lang?: string) => string[]
}

/** What the template's layers set in type, in the order they are drawn (hidden ones too). */
export const typesets = (t: Pick<Template, 'layers'>): Typeset[] =>
  t.layers.flatMap((l) => layerKinds.typeset(l) ?? [])

/**
 * The languages whose hyphenation patterns drawing the template may read (`loadHyphenation` loads them before a
 * surface draws): for each text layer that hyphenates, its language (the layer's, else `lang`, else `locale`)
 * and the languages declared for the values it shows. None when no layer hyphenates.
 */
export function hyphenationLanguages(
  t: Pick<Template, 'layers'>,
  o: {
    locale: string
    lang?: string | undefined
    valueLanguages?: Readonly<Record<string, string>> | undefined
  },
): string[] {
  const langs = new Set<string>()
  for (const s of typesets(t)) {
    if (!s.hyphenate) continue
    const own = hyphenationLanguage(s, o)
    if (own) langs.add(own)
    for (const key of s.texts.flatMap(fieldReferences)) {
      const declared = o.valueLanguages?.[key]
      if (declared) langs.add(declared)
    }
  }
  return [...langs]
}

/** The layers' typesets that show a field's value (`{{key}}`). */
export const typesetsShowing = (t: Pick<Template, 'layers'>, key: string): Typeset[] =>
  typesets(t).filter((s) => s.texts.some((text) => fieldReferences(text).includes(key)))

/**
 * The text fields a text layer draws: values whose Han characters have forms to choose, so a bulk row may give
 * their language (a link drawn only as a QR code has none).
 */
export const drawnTextFields = (t: Pick<Template, 'fields' | 'layers'>) =>
  t.fields.filter((f) => fieldKinds.typed(f) && typesetsShowing(t, f.key).length > 0)

/**
 * The fields shown by the text layers `layerIds` (those a drawing's `onText` reported cut with "…"), in the
 * template's order: the fields whose note says their text does not fit.
 */
export function fieldsShownBy(t: Pick<Template, 'layers' | 'fields'>, layerIds: Iterable<string>): string[] {
  const cut = new Set(layerIds)
  const keys = new Set(
    t.layers.flatMap((l) =>
      cut.has(l.id) ? (layerKinds.typeset(l)?.texts.flatMap(fieldReferences) ?? []) : [],
    ),
  )
  return t.fields.filter((f) => keys.has(f.key)).map((f) => f.key)
}

/**
 * The font families (every family when a layer's font is a choice) and languages of the text layers that
 * show a field.
 */
function facesShowing(t: Template, key: string): Array<{ family: FontFamily; lang: string | undefined }> {
  const seen = new Map<string, { family: FontFamily; lang: string | undefined }>()
  for (const s of typesetsShowing(t, key))
    for (const family of s.families) seen.set(`${family} ${s.lang ?? ''}`, { family, lang: s.lang })
  return [...seen.values()]
}

/**
 * Checks values against the template's fields: unknown keys, text lengths, characters the template's fonts
 * cannot draw (with `rules.uncoveredCharacters`), colour format, choice options, required images and their
 * focal points. Never throws; an empty array means the values are fine.
 */
export function validateValues(
  t: Template,
  values: Values,
  rules: ValueRules = {},
  languages: Readonly<Record<string, string>> = {},
): ValueIssue[] {
  const issues: ValueIssue[] = []
  const fields = new Map(t.fields.map((f) => [f.key, f]))
  for (const key of Object.keys(values))
    if (!fields.has(key)) issues.push({ path: key, code: 'unknown_field' })
  for (const f of t.fields) {
    const v = values[f.key]
    issues.push(...fieldKinds.checkValue(f, v))
    if (fieldKinds.typed(f) && v !== undefined && rules.uncoveredCharacters) {
      const uncovered = rules.uncoveredCharacters
      const showing = facesShowing(t, f.key)
      const declared = languages[f.key]
      const missing = [
        ...new Set(showing.flatMap(({ family, lang }) => uncovered(v, family, declared ?? lang))),
      ]
      // The script of the first character tells the customer what to change ("Ethiopic").
      if (missing.length)
        issues.push({
          path: f.key,
          code: 'unsupported_characters',
          params: { characters: missing, script: scriptName(missing[0] as string) },
        })
    }
  }
  return issues
}

/**
 * The value each field has in a render: the given value, else the field's default in `locale`. Values the
 * template would not accept fall back to the default too (see effectiveValue).
 */
export function effectiveValues(t: Template, values: Values, locale: Locale): Values {
  const out: Values = {}
  for (const f of t.fields) {
    const v = fieldKinds.effective(f, values[f.key], locale)
    if (v !== undefined) out[f.key] = v
  }
  return out
}

/**
 * The words each choice field inserts where a text says `{{key}}`: the label, in `locale`, of the option its
 * effective value names (a DrawContext's `labels`). Every surface draws a choice in a text with these.
 */
export function choiceLabels(t: Template, values: Values, locale: Locale): Values {
  const out: Values = {}
  for (const f of t.fields) {
    const label = fieldKinds.label(f, values[f.key], locale)
    if (label !== undefined) out[f.key] = label
  }
  return out
}

/**
 * Checks the languages declared for values (field key -> BCP 47 tag, the tags checked by the caller): each
 * names a text field of the template. `path` is the field key; `unknown_field` for a key the template has
 * not, `not_text_field` for a field whose value is no text (an image, a colour, a choice).
 */
export function validateLanguages(t: Template, languages: Readonly<Record<string, string>>): ValueIssue[] {
  const fields = new Map(t.fields.map((f) => [f.key, f]))
  return Object.keys(languages).flatMap((key): ValueIssue[] => {
    const f = fields.get(key)
    if (!f) return [{ path: key, code: 'unknown_field' }]
    return fieldKinds.typed(f) ? [] : [{ path: key, code: 'not_text_field' }]
  })
}
