import { uncoveredCharacters } from '../coverage'
import type { FontFamily } from '../fonts'
import { isFocalPoint, parseImageValue } from './image-value'
import { fontFamilies, type Locale, type Template, type Values } from './schema'

export interface ValueIssue {
  /** The field's key. */
  path: string
  code:
    | 'unknown_field'
    | 'too_short'
    | 'too_long'
    | 'not_single_line'
    | 'unsupported_characters'
    | 'invalid_color'
    | 'invalid_choice'
    | 'required'
    | 'invalid_focus'
  params?: Record<string, unknown>
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' })
/** Length as a person counts it: one per visible character, so an emoji or a combined accent counts once. */
export const textLength = (s: string) => {
  let n = 0
  for (const _ of graphemes.segment(s)) n++
  return n
}

/** The font stacks of the text layers that show a field (every stack when a layer's font is a choice). */
function fontsShowing(t: Template, key: string): FontFamily[] {
  const ref = new RegExp(`\\{\\{\\s*${key}\\s*\\}\\}`)
  const stacks = new Set<FontFamily>()
  for (const l of t.layers) {
    if (l.type !== 'text') continue
    const text = typeof l.text === 'string' ? l.text : `${l.text.en}${l.text['zh-CN']}`
    if (!ref.test(text)) continue
    for (const f of typeof l.font === 'string' ? [l.font] : fontFamilies) stacks.add(f)
  }
  return [...stacks]
}

/**
 * Checks values against the template's fields: unknown keys, text lengths, characters the template's fonts
 * cannot draw, colour format, choice options, required images and their focal points. Never throws; an empty array means the values are fine. An empty text is allowed when
 * the field has no minLength (the field's default is drawn instead).
 */
export function validateValues(t: Template, values: Values): ValueIssue[] {
  const issues: ValueIssue[] = []
  const fields = new Map(t.fields.map((f) => [f.key, f]))
  for (const key of Object.keys(values))
    if (!fields.has(key)) issues.push({ path: key, code: 'unknown_field' })
  for (const f of t.fields) {
    const v = values[f.key]
    switch (f.kind) {
      case 'text': {
        if (v === undefined) break
        const n = textLength(v)
        if (f.minLength !== undefined && n < f.minLength)
          issues.push({ path: f.key, code: 'too_short', params: { min: f.minLength, length: n } })
        if (n > f.maxLength)
          issues.push({ path: f.key, code: 'too_long', params: { max: f.maxLength, length: n } })
        if (!f.multiline && /[\r\n]/.test(v)) issues.push({ path: f.key, code: 'not_single_line' })
        const missing = [...new Set(fontsShowing(t, f.key).flatMap((stack) => uncoveredCharacters(v, stack)))]
        if (missing.length)
          issues.push({ path: f.key, code: 'unsupported_characters', params: { characters: missing } })
        break
      }
      case 'color':
        if (v !== undefined && !/^#[0-9a-fA-F]{6}$/.test(v))
          issues.push({ path: f.key, code: 'invalid_color' })
        break
      case 'choice':
        if (v !== undefined && !f.options.some((o) => o.value === v))
          issues.push({
            path: f.key,
            code: 'invalid_choice',
            params: { options: f.options.map((o) => o.value) },
          })
        break
      case 'image':
        if (f.required && !v) issues.push({ path: f.key, code: 'required' })
        else if (v) {
          const { focus } = parseImageValue(v)
          if (focus && !isFocalPoint(focus)) issues.push({ path: f.key, code: 'invalid_focus' })
        }
        break
    }
  }
  return issues
}

/**
 * The value each field has in a render: the given value, else the field's default in `locale`. Values the
 * template would not accept (a malformed colour, an unknown choice) fall back to the default too, so
 * render never draws garbage even when the caller skipped validateValues.
 */
export function effectiveValues(t: Template, values: Values, locale: Locale): Values {
  const out: Values = {}
  for (const f of t.fields) {
    const v = values[f.key]
    switch (f.kind) {
      case 'text':
        out[f.key] = v ? v : typeof f.default === 'string' ? f.default : f.default[locale]
        break
      case 'color':
        out[f.key] = v && /^#[0-9a-fA-F]{6}$/.test(v) ? v : f.default
        break
      case 'choice':
        out[f.key] = v && f.options.some((o) => o.value === v) ? v : f.default
        break
      case 'image':
        if (v) out[f.key] = v
        break
    }
  }
  return out
}
