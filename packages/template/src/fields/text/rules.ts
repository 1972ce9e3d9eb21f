import type { Locale } from '../../primitives'
import { textLength, type ValueIssue } from '../issue'
import type { ValueRulesOf } from '../kind'
import type { TextField } from './schema'

/** What the rules of a text field read (a field of the model, or of the API's template detail). */
export type TextRules = Pick<TextField, 'key' | 'kind' | 'minLength' | 'maxLength' | 'multiline'>

/**
 * Length and line rules of a text value. An empty text is allowed when the field has no minLength (the
 * field's default is drawn instead). Characters the fonts cannot draw are checked by validateValues, with
 * the fonts of the surface that draws.
 */
export function checkText(f: TextRules, v: string | undefined): ValueIssue[] {
  if (v === undefined) return []
  const issues: ValueIssue[] = []
  const n = textLength(v)
  if (f.minLength !== undefined && n < f.minLength)
    issues.push({ path: f.key, code: 'too_short', params: { min: f.minLength, length: n } })
  if (n > f.maxLength) issues.push({ path: f.key, code: 'too_long', params: { max: f.maxLength, length: n } })
  if (!f.multiline && /[\r\n]/.test(v)) issues.push({ path: f.key, code: 'not_single_line' })
  return issues
}

export const effectiveText = (f: Pick<TextField, 'default'>, v: string | undefined, locale: Locale) =>
  v ? v : typeof f.default === 'string' ? f.default : f.default[locale]

/** The value rules of a text field. */
export const textRules: ValueRulesOf<TextRules, Pick<TextField, 'default'>> = {
  check: checkText,
  effective: effectiveText,
}
