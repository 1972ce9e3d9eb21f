import type { Locale, Template, Values } from '@templet/template'
import { designerFieldKinds } from '../kinds/fields'
import type { PreviewState } from './preview-states'

export { PREVIEW_STATES, type PreviewState } from './preview-states'

/**
 * The values and language a preview state draws the template with: each field as its kind fills it for the
 * state (a text to its limit, or in Chinese or Arabic; an image left out), from the samples. Fixed words stay
 * as designed.
 */
export function previewValues(t: Template, state: PreviewState): { locale: Locale; values: Values } {
  const locale: Locale = state === 'chinese' ? 'zh-CN' : 'en'
  const values = { ...t.samples[locale] }
  for (const field of t.fields) {
    const preview = designerFieldKinds.kindOf(field).preview
    if (!preview) continue
    const value = preview(field, state, values[field.key], locale)
    if (value === undefined) delete values[field.key]
    else values[field.key] = value
  }
  return { locale, values }
}
