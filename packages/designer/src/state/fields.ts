import { type Field, type Layer, type LocalizedText, layerBindings, type Template } from '@templet/template'
import { uniqueFieldKey } from './new-layers'

/**
 * Marking a layer's property as something the customer fills in, and back: the document changes that the
 * properties panel's Fields section makes. A field is what the fill-in editor shows (its label, limits and
 * default); the samples are what the catalogue and the previews fill it with.
 */

/** The texts a text layer may show (one per language when it is localised). */
const layerTexts = (l: Extract<Layer, { type: 'text' }>) =>
  typeof l.text === 'string' ? [l.text] : [l.text.en, l.text['zh-CN']]
/** The field keys a text inserts with `{{key}}`. */
const references = (text: string) => [...text.matchAll(/\{\{\s*([^}\s]+)\s*\}\}/g)].map((m) => m[1])

/** A field key made from a layer id (`title-2` → `title_2`). */
export const keyFor = (t: Template, layerId: string) =>
  uniqueFieldKey(t, layerId.replace(/[^a-zA-Z0-9]+/g, '_').replace(/^[^a-zA-Z]+/, '') || 'field')

/** The property holding the words of a text layer (`text`) or a QR layer (`data`). */
const wordsOf = (layer: Layer): string | { en: string; 'zh-CN': string } | undefined =>
  layer.type === 'text' ? layer.text : layer.type === 'qr' ? layer.data : undefined
const withWords = (layer: Layer, words: string | { en: string; 'zh-CN': string }): Layer =>
  (layer.type === 'qr' ? { ...layer, data: words } : { ...layer, text: words }) as Layer

/** The field a text or QR layer shows whole (`{{key}}` and nothing else), if it is one. */
export function textFieldOf(t: Template, layer: Layer): Extract<Field, { kind: 'text' }> | undefined {
  const words = wordsOf(layer)
  if (typeof words !== 'string') return undefined
  const m = /^\{\{\s*([a-zA-Z][a-zA-Z0-9_]*)\s*\}\}$/.exec(words)
  const f = t.fields.find((x) => x.key === m?.[1])
  return f?.kind === 'text' ? f : undefined
}

/** Whether any layer still uses a field (a `{{key}}`, an image, a bound property, a `when`). */
export function fieldInUse(t: Template, key: string): boolean {
  return t.layers.some(
    (l) =>
      l.when?.field === key ||
      (l.type === 'image' && l.field === key) ||
      (l.type === 'text' && layerTexts(l).some((s) => references(s).includes(key))) ||
      (l.type === 'qr' && references(l.data).includes(key)) ||
      layerBindings(l).some(
        ([, v]) => typeof v === 'object' && v !== null && (v as { field?: string }).field === key,
      ),
  )
}

/** The template without the field `key` and its samples, once no layer uses it. */
export function dropFieldIfUnused(t: Template, key: string): Template {
  if (fieldInUse(t, key)) return t
  const without = (v: Record<string, string>) =>
    Object.fromEntries(Object.entries(v).filter(([k]) => k !== key))
  return {
    ...t,
    fields: t.fields.filter((f) => f.key !== key),
    samples: { en: without(t.samples.en), 'zh-CN': without(t.samples['zh-CN']) },
  }
}

const label = (name: string): LocalizedText => ({ en: name, 'zh-CN': name })
const graphemes = (s: string) => [...new Intl.Segmenter().segment(s)].length

/**
 * A text layer's words (a QR layer's text) become a text field the customer fills: the layer shows
 * `{{key}}`, the field's default is the words it showed, its label the layer's name, its limit room for
 * twice as many characters.
 */
export function markTextField(t: Template, layerId: string): Template {
  const layer = t.layers.find((l) => l.id === layerId)
  const words = layer && wordsOf(layer)
  if (!layer || words === undefined || textFieldOf(t, layer)) return t
  const key = keyFor(t, layerId)
  const texts = typeof words === 'string' ? [words] : [words.en, words['zh-CN']]
  const longest = Math.max(...texts.map(graphemes))
  const field: Field = {
    key,
    kind: 'text',
    label: label(layer.name ?? layerId),
    default: words,
    maxLength: Math.min(2000, Math.max(40, longest * 2)),
    multiline: texts.some((s) => s.includes('\n')) || undefined,
  }
  return {
    ...t,
    fields: [...t.fields, field],
    layers: t.layers.map((l) => (l.id === layerId ? withWords(l, `{{${key}}}`) : l)),
  }
}

/** A QR layer encodes one text: a localised default gives it its English words. */
const qrSafe = (l: Layer, words: string | { en: string; 'zh-CN': string }) =>
  l.type === 'qr' && typeof words !== 'string' ? words.en : words

/** The layer shows its field's default as fixed words again; the field goes when nothing else uses it. */
export function unmarkTextField(t: Template, layerId: string): Template {
  const layer = t.layers.find((l) => l.id === layerId)
  const field = layer && textFieldOf(t, layer)
  if (!layer || !field) return t
  return dropFieldIfUnused(
    { ...t, layers: t.layers.map((l) => (l.id === layerId ? withWords(l, qrSafe(l, field.default)) : l)) },
    field.key,
  )
}

/**
 * A colour property (`color`, `fill`, `stroke.color`) becomes a colour field the customer picks, its
 * default the colour it had.
 */
export function markColorField(t: Template, layerId: string, property: string, name: string): Template {
  const layer = t.layers.find((l) => l.id === layerId)
  const current = layer ? getPath(layer, property) : undefined
  if (!layer || typeof current !== 'string') return t
  const key = keyFor(t, `${layerId}_${property.split('.')[0]}`)
  const field: Field = { key, kind: 'color', label: label(name), default: current.slice(0, 7) }
  return {
    ...t,
    fields: [...t.fields, field],
    layers: t.layers.map((l) => (l.id === layerId ? setPath(l, property, { field: key }) : l)),
  }
}

/** A colour property bound to a colour field takes the field's default as a fixed colour again. */
export function unmarkColorField(t: Template, layerId: string, property: string): Template {
  const layer = t.layers.find((l) => l.id === layerId)
  const bound = layer ? getPath(layer, property) : undefined
  const key = typeof bound === 'object' && bound !== null ? (bound as { field?: string }).field : undefined
  const field = t.fields.find((f) => f.key === key)
  if (!layer || field?.kind !== 'color') return t
  return dropFieldIfUnused(
    { ...t, layers: t.layers.map((l) => (l.id === layerId ? setPath(l, property, field.default) : l)) },
    field.key,
  )
}

/** One field changed in place (its label, limits, default). */
export const updateField = (t: Template, key: string, patch: Partial<Field>): Template => ({
  ...t,
  fields: t.fields.map((f) => (f.key === key ? ({ ...f, ...patch } as Field) : f)),
})

/** A field's sample value in a language; an empty one is removed. */
export function setSample(t: Template, locale: 'en' | 'zh-CN', key: string, value: string): Template {
  const samples = { ...t.samples[locale] }
  if (value) samples[key] = value
  else delete samples[key]
  return { ...t, samples: { ...t.samples, [locale]: samples } }
}

export function getPath(layer: Layer, path: string): unknown {
  return path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], layer)
}

export function setPath(layer: Layer, path: string, value: unknown): Layer {
  const [head, ...rest] = path.split('.') as [string, ...string[]]
  const l = layer as unknown as Record<string, unknown>
  if (rest.length === 0) return { ...l, [head]: value } as unknown as Layer
  return { ...l, [head]: setPath((l[head] ?? {}) as Layer, rest.join('.'), value) } as unknown as Layer
}
