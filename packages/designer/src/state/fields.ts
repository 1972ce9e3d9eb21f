import {
  type Field,
  type Layer,
  type LocalizedText,
  layerBindings,
  type Template,
  textLength,
} from '@templet/template'
import { designerKinds } from '../kinds'
import { fieldOfKind } from '../kinds/fields'
import { DESIGNER_STRINGS_EN, DESIGNER_STRINGS_ZH_CN, type DesignerWords } from '../strings'
import { uniqueFieldKey } from './new-layers'

/**
 * Marking a layer's property as something the customer fills in, and back: the document changes that the
 * properties panel's Fields section makes. A field is what the fill-in editor shows (its label, limits and
 * default); the samples are what the catalogue and the previews fill it with.
 */

/** A field key made from a layer id (`title-2` → `title_2`). */
export const keyFor = (t: Template, layerId: string) =>
  uniqueFieldKey(t, layerId.replace(/[^a-zA-Z0-9]+/g, '_').replace(/^[^a-zA-Z]+/, '') || 'field')

/** The words of a layer its kind lets the customer fill in (a text's, a QR code's), if it has any. */
const wordsOf = (layer: Layer): string | LocalizedText | undefined =>
  designerKinds.kindOf(layer).words?.of(layer)
/** The layer showing `words` instead, as its kind keeps them. */
const withWords = (layer: Layer, words: string | LocalizedText): Layer =>
  designerKinds.kindOf(layer).words?.with(layer, words) ?? layer

/** The field a text or QR layer shows whole (`{{key}}` and nothing else), if it is one. */
export function textFieldOf(t: Template, layer: Layer): Extract<Field, { kind: 'text' }> | undefined {
  const words = wordsOf(layer)
  if (typeof words !== 'string') return undefined
  const m = /^\{\{\s*([a-zA-Z][a-zA-Z0-9_]*)\s*\}\}$/.exec(words)
  const f = t.fields.find((x) => x.key === m?.[1])
  return fieldOfKind(f, 'text')
}

/** Whether any layer still uses a field (a `{{key}}`, an image, a bound property, a `when`). */
export function fieldInUse(t: Template, key: string): boolean {
  return t.layers.some(
    (l) =>
      l.when?.field === key ||
      designerKinds.kindOf(l).fieldKeys?.(l).includes(key) ||
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

/**
 * A field's label from a layer's or property's name: a name the designer gave (its word for a new text, a fill…)
 * in either language is labelled in both; a name the author typed is both languages' label until they change it.
 */
const label = (name: string): LocalizedText => {
  const word = (Object.keys(DESIGNER_STRINGS_EN) as Array<keyof DesignerWords>).find(
    (k) => DESIGNER_STRINGS_EN[k] === name || DESIGNER_STRINGS_ZH_CN[k] === name,
  )
  return word
    ? { en: DESIGNER_STRINGS_EN[word], 'zh-CN': DESIGNER_STRINGS_ZH_CN[word] }
    : { en: name, 'zh-CN': name }
}

/**
 * A text layer's words (a QR layer's text) become a text field the customer fills: the layer shows
 * `{{key}}`, the field's default is the words it showed, its label the layer's name, its limit room for
 * twice as many characters (at least what the kind's words need: 40, a link's 300).
 */
export function markTextField(t: Template, layerId: string): Template {
  const layer = t.layers.find((l) => l.id === layerId)
  const words = layer && wordsOf(layer)
  if (!layer || words === undefined || textFieldOf(t, layer)) return t
  const key = keyFor(t, layerId)
  const texts = typeof words === 'string' ? [words] : [words.en, words['zh-CN']]
  const longest = Math.max(...texts.map(textLength))
  const field: Field = {
    key,
    kind: 'text',
    label: label(layer.name ?? layerId),
    default: words,
    maxLength: Math.min(2000, Math.max(designerKinds.kindOf(layer).words?.room ?? 40, longest * 2)),
    multiline: texts.some((s) => s.includes('\n')) || undefined,
  }
  return {
    ...t,
    fields: [...t.fields, field],
    layers: t.layers.map((l) => (l.id === layerId ? withWords(l, `{{${key}}}`) : l)),
  }
}

/** The layer shows its field's default as fixed words again; the field goes when nothing else uses it. */
export function unmarkTextField(t: Template, layerId: string): Template {
  const layer = t.layers.find((l) => l.id === layerId)
  const field = layer && textFieldOf(t, layer)
  if (!layer || !field) return t
  return dropFieldIfUnused(
    { ...t, layers: t.layers.map((l) => (l.id === layerId ? withWords(l, field.default) : l)) },
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
  const field = fieldOfKind(
    t.fields.find((f) => f.key === key),
    'color',
  )
  if (!layer || !field) return t
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

/** A property path of the model's bindings (`stroke.color`, `fill.stops[1].color`) as keys. */
const keysOf = (path: string) => path.replace(/\[(\d+)\]/g, '.$1').split('.')

export function getPath(layer: Layer, path: string): unknown {
  return keysOf(path).reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], layer)
}

/** The layer with the value at `path` replaced, every object and array on the way copied. */
export function setPath(layer: Layer, path: string, value: unknown): Layer {
  const set = (node: unknown, keys: string[]): unknown => {
    const [head, ...rest] = keys as [string, ...string[]]
    if (Array.isArray(node)) {
      const copy = [...node]
      copy[Number(head)] = rest.length ? set(copy[Number(head)], rest) : value
      return copy
    }
    const obj = (node ?? {}) as Record<string, unknown>
    return { ...obj, [head]: rest.length ? set(obj[head], rest) : value }
  }
  return set(layer, keysOf(path)) as Layer
}

/**
 * A colour property becomes a choice the customer makes among named options (say, "Dark" and "Light"), each
 * mapped to a colour for this property: two options to start with, the first the colour it had.
 */
export function markChoiceField(
  t: Template,
  layerId: string,
  property: string,
  name: string,
  options: Array<{ label: LocalizedText; color?: string; value?: unknown }>,
): Template {
  const layer = t.layers.find((l) => l.id === layerId)
  const current = layer ? getPath(layer, property) : undefined
  // A property already bound to a field (an object) is not fixed: it cannot become a choice.
  if (!layer || current === undefined || typeof current === 'object' || options.length < 2) return t
  const key = keyFor(t, `${layerId}_${property.split('.')[0]}`)
  const values = options.map((_, i) => `option${i + 1}`)
  const field: Field = {
    key,
    kind: 'choice',
    label: label(name),
    default: values[0] as string,
    options: options.map((o, i) => ({ value: values[i] as string, label: o.label })),
  }
  // The first option keeps what the layer showed; the others take their own value (a colour, a weight …).
  const map = Object.fromEntries(options.map((o, i) => [values[i], i === 0 ? current : (o.value ?? o.color)]))
  return {
    ...t,
    fields: [...t.fields, field],
    layers: t.layers.map((l) => (l.id === layerId ? setPath(l, property, { field: key, map }) : l)),
  }
}

/** A property mapped by a choice takes the default option's value (a colour, a weight …) as a fixed one again. */
export function unmarkChoiceField(t: Template, layerId: string, property: string): Template {
  const layer = t.layers.find((l) => l.id === layerId)
  const bound = (layer ? getPath(layer, property) : undefined) as {
    field?: string
    map?: Record<string, string>
  }
  const field = fieldOfKind(
    t.fields.find((f) => f.key === bound?.field),
    'choice',
  )
  if (!layer || !field || !bound.map) return t
  const fixed = bound.map[field.default] ?? Object.values(bound.map)[0]
  return dropFieldIfUnused(
    { ...t, layers: t.layers.map((l) => (l.id === layerId ? setPath(l, property, fixed) : l)) },
    field.key,
  )
}

/** This layer's colour for one option of the choice its property is mapped by. */
export function setChoiceColor(
  t: Template,
  layerId: string,
  property: string,
  option: string,
  color: string,
): Template {
  return setChoiceValue(t, layerId, property, option, color)
}

/** This layer's value of a property (a weight, an alignment …) for one option of the choice it is mapped by. */
export function setChoiceValue(
  t: Template,
  layerId: string,
  property: string,
  option: string,
  value: unknown,
): Template {
  return {
    ...t,
    layers: t.layers.map((l) => {
      if (l.id !== layerId) return l
      const bound = getPath(l, property) as { field: string; map?: Record<string, unknown> }
      return setPath(l, property, { ...bound, map: { ...bound.map, [option]: value } })
    }),
  }
}

/**
 * Adds an option to a choice field; every layer property mapped by it gets the new option too, with the
 * colour of its default option, so the document stays whole.
 */
export function addChoiceOption(t: Template, key: string, optionLabel: LocalizedText): Template {
  const field = fieldOfKind(
    t.fields.find((f) => f.key === key),
    'choice',
  )
  if (!field) return t
  const taken = new Set(field.options.map((o) => o.value))
  let n = field.options.length + 1
  while (taken.has(`option${n}`)) n++
  const value = `option${n}`
  return mapChoice(
    updateField(t, key, { options: [...field.options, { value, label: optionLabel }] }),
    key,
    (map) => ({
      ...map,
      [value]: map[field.default] ?? Object.values(map)[0],
    }),
  )
}

/** Removes an option (a choice keeps two at least); the default moves to the first option left. */
export function removeChoiceOption(t: Template, key: string, value: string): Template {
  const field = fieldOfKind(
    t.fields.find((f) => f.key === key),
    'choice',
  )
  if (!field || field.options.length <= 2) return t
  const options = field.options.filter((o) => o.value !== value)
  const fallback = options[0]?.value ?? ''
  const next = updateField(t, key, { options, default: field.default === value ? fallback : field.default })
  const samples = (v: Record<string, string>) => (v[key] === value ? { ...v, [key]: fallback } : v)
  return mapChoice(
    { ...next, samples: { en: samples(next.samples.en), 'zh-CN': samples(next.samples['zh-CN']) } },
    key,
    (map) => Object.fromEntries(Object.entries(map).filter(([k]) => k !== value)),
  )
}

/** Every layer property mapped by the choice `key`, its map changed by `f`. */
function mapChoice(
  t: Template,
  key: string,
  f: (map: Record<string, unknown>) => Record<string, unknown>,
): Template {
  return {
    ...t,
    layers: t.layers.map((l) =>
      layerBindings(l).reduce((layer, [property, v]) => {
        const b = v as { field?: string; map?: Record<string, unknown> } | undefined
        return b && typeof b === 'object' && b.field === key && b.map
          ? setPath(layer, property, { ...b, map: f(b.map) })
          : layer
      }, l),
    ),
  }
}
