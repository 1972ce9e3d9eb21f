import {
  type Box,
  columnNameProblem,
  type Field,
  type Layer,
  sizeOrDefault,
  type Template,
} from '@templet/template'
import { boxIn, withBox } from './boxes'
import { fieldInUse } from './fields'
import { type LayerGroup, regroupCopies } from './groups'
import { uniqueFieldKey } from './new-layers'
import { uniqueLayerId, uniqueLayerName } from './uniques'

/**
 * Layers copied from a design: each as drawn in the size shown when copied (its box there, no per-size layouts,
 * which name sizes another design may not have), with the fields they use and those fields' samples.
 */
export interface Clip {
  kind: 'templet-layers'
  layers: Layer[]
  fields: Field[]
  samples: Template['samples']
  /** The groups the layers name (ADR 0196); absent in a clip of a release before groups, or of no group. */
  groups?: LayerGroup[]
}

/** The selected layers of `t` (in their drawing order) as a clip, or undefined when nothing is selected. */
export function copyLayers(t: Template, sizeId: string, selection: string[]): Clip | undefined {
  const picked = t.layers.filter((l) => selection.includes(l.id))
  if (picked.length === 0) return undefined
  const layers = picked.map((l) => {
    // The layout in the size shown (a text's font size and alignment there) becomes the layer's own.
    const { bySize, ...own } = l
    const { box: _, ...style } = bySize?.[sizeId] ?? {}
    return { ...own, ...style, box: boxIn(t, l, sizeId) } as Layer
  })
  const fields = t.fields.filter((f) => fieldInUse({ ...t, layers: picked }, f.key))
  const keep = (v: Record<string, string>) =>
    Object.fromEntries(Object.entries(v).filter(([k]) => fields.some((f) => f.key === k)))
  const groups = (t.groups ?? []).filter((g) => picked.some((l) => l.group === g.id))
  return {
    kind: 'templet-layers',
    layers,
    fields,
    samples: { en: keep(t.samples.en), 'zh-CN': keep(t.samples['zh-CN']) },
    ...(groups.length > 0 ? { groups } : {}),
  }
}

/** Whether a value read back (from storage, another tab) is a clip this designer can paste. */
export function isClip(value: unknown): value is Clip {
  const v = value as Partial<Clip> | null
  return (
    typeof v === 'object' &&
    v !== null &&
    v.kind === 'templet-layers' &&
    Array.isArray(v.layers) &&
    Array.isArray(v.fields) &&
    typeof v.samples === 'object'
  )
}

/**
 * `value` with every reference to a field `from` made to `to`: a `field` property (an image, a bound property, a
 * `when`) and a `{{from}}` in any text. Every way a layer names a field is one of these two.
 */
function renameField(value: unknown, from: string, to: string): unknown {
  if (typeof value === 'string')
    return value.replace(new RegExp(`\\{\\{(\\s*)${from}(\\s*)\\}\\}`, 'g'), `{{$1${to}$2}}`)
  if (Array.isArray(value)) return value.map((v) => renameField(v, from, to))
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, k === 'field' && v === from ? to : renameField(v, from, to)]),
  )
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** A pasted field keeps its column name when the design has it free; else it takes a default (ADR 0186). */
function withFreeColumn(t: Template, field: Field): Field {
  if (field.column === undefined || !columnNameProblem(t.fields, field.key, field.column)) return field
  const { column: _taken, ...rest } = field
  return rest as Field
}

/**
 * `t` with the clip's layers added on top, in the size shown, and their ids: each layer's id and name made unique;
 * a field the design has alike is shared, one it has otherwise is added under a new key (the layers renamed to
 * it). A layer that would lie exactly over one of the design's (pasted into the design it came from) moves 10 px
 * down and right until it does not; one wholly off the page is centred on it.
 */
export function pasteLayers(t: Template, sizeId: string, clip: Clip): { document: Template; ids: string[] } {
  let next: Template = t
  let layers = clip.layers
  for (const field of clip.fields) {
    const there = next.fields.find((f) => f.key === field.key)
    if (there && sameJson(there, field)) continue
    const key = there ? uniqueFieldKey(next, field.key) : field.key
    if (key !== field.key) layers = layers.map((l) => renameField(l, field.key, key) as Layer)
    next = {
      ...next,
      fields: [...next.fields, withFreeColumn(next, { ...field, key })],
      samples: {
        en: { ...next.samples.en, ...sample(clip.samples.en, field.key, key) },
        'zh-CN': { ...next.samples['zh-CN'], ...sample(clip.samples['zh-CN'], field.key, key) },
      },
    }
  }
  // Each group comes as a new group (a new id, its name unique); a layer alone of its group comes ungrouped.
  const regrouped = regroupCopies(next, layers, clip.groups ?? [])
  next = regrouped.document
  layers = regrouped.copies
  const size = sizeOrDefault(t, sizeId)
  const taken = t.layers.map((l) => boxIn(t, l, size.id))
  const ids: string[] = []
  for (const copied of layers) {
    let box = boxIn(next, copied, size.id)
    if (box.x >= size.width || box.y >= size.height || box.x + box.w <= 0 || box.y + box.h <= 0)
      box = { ...box, x: (size.width - box.w) / 2, y: (size.height - box.h) / 2 }
    for (let n = 0; n < 20 && taken.some((b) => sameBox(b, box)); n++)
      box = { ...box, x: box.x + 10, y: box.y + 10 }
    const id = uniqueLayerId(next, copied.id)
    const name = copied.name === undefined ? undefined : uniqueLayerName(next, copied.name)
    const layer = withBox(next, { ...copied, id, name } as Layer, size.id, box)
    next = { ...next, layers: [...next.layers, layer] }
    ids.push(id)
  }
  return { document: next, ids }
}

const sample = (values: Record<string, string>, from: string, to: string) =>
  values[from] === undefined ? {} : { [to]: values[from] }

const sameBox = (a: Box, b: Box) => a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h
