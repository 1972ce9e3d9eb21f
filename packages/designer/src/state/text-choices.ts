import type { ChoiceField, Layer, LocalizedText, Template } from '@templet/template'
import { fieldOfKind } from '../kinds/fields'
import { dropFieldIfUnused, keyFor } from './fields'

/**
 * A text the customer picks from the author's list (a title: "Dr", "Prof"; a greeting): a choice field whose
 * options' labels, in English and Chinese, are the texts, inserted by the layer's `{{key}}`.
 */

/** The choice a text layer shows whole (`{{key}}` and nothing else), if it is one. */
export function textChoiceOf(t: Template, layer: Layer): ChoiceField | undefined {
  if (layer.type !== 'text' || typeof layer.text !== 'string') return undefined
  const m = /^\{\{\s*([a-zA-Z][a-zA-Z0-9_]*)\s*\}\}$/.exec(layer.text)
  const f = t.fields.find((x) => x.key === m?.[1])
  return fieldOfKind(f, 'choice')
}

/**
 * A text layer's words become the first text of a list the customer picks from, `second` the next; the layer
 * shows `{{key}}`, the field's label is the layer's name.
 */
export function markTextChoice(t: Template, layerId: string, name: string, second: LocalizedText): Template {
  const layer = t.layers.find((l) => l.id === layerId)
  if (layer?.type !== 'text' || /\{\{/.test(JSON.stringify(layer.text))) return t
  const words = layer.text
  const first: LocalizedText =
    typeof words === 'string' ? { en: words || second.en, 'zh-CN': words || second['zh-CN'] } : words
  const key = keyFor(t, layerId)
  const field: ChoiceField = {
    key,
    kind: 'choice',
    label: { en: name, 'zh-CN': name },
    default: 'option1',
    options: [
      { value: 'option1', label: first },
      { value: 'option2', label: second },
    ],
  }
  return {
    ...t,
    fields: [...t.fields, field],
    layers: t.layers.map((l) => (l.id === layerId ? ({ ...l, text: `{{${key}}}` } as Layer) : l)),
  }
}

/** The layer shows its list's default text as fixed words again; the field goes when nothing else uses it. */
export function unmarkTextChoice(t: Template, layerId: string): Template {
  const layer = t.layers.find((l) => l.id === layerId)
  const field = layer && textChoiceOf(t, layer)
  if (!layer || !field) return t
  const label = (field.options.find((o) => o.value === field.default) ?? field.options[0])?.label
  if (!label) return t
  const text = label.en === label['zh-CN'] ? label.en : label
  return dropFieldIfUnused(
    { ...t, layers: t.layers.map((l) => (l.id === layerId ? ({ ...l, text } as Layer) : l)) },
    field.key,
  )
}
