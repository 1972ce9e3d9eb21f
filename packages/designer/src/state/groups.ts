import type { Layer, Template } from '@templet/template'

/**
 * Groups of layers (ADR 0196): a layer's `group` names one of the template's `groups`, whose members lie next to
 * each other in the drawing order. Only the designer reads them; a render draws the layers as if there were none.
 */
export type LayerGroup = NonNullable<Template['groups']>[number]

/** The layer without its group. */
const ungrouped = (l: Layer): Layer => {
  if (l.group === undefined) return l
  const { group: _, ...rest } = l
  return rest as Layer
}

/** The template with these groups (the key left out when there are none, as a design never grouped was saved). */
const withGroups = (t: Template, groups: LayerGroup[]): Template => {
  if (groups.length > 0) return { ...t, groups }
  if (t.groups === undefined) return t
  const { groups: _, ...rest } = t
  return rest
}

/** The group `id` of the template, if it has it. */
export const groupOf = (t: Template, id: string | undefined) =>
  id === undefined ? undefined : t.groups?.find((g) => g.id === id)

/** The ids of the layers in group `id`, in drawing order. */
export const membersOf = (t: Template, id: string) => t.layers.filter((l) => l.group === id).map((l) => l.id)

/** `ids` with every grouped layer's group mates added (a click on a member selects its group). */
export function expandToGroups(t: Template, ids: string[]): string[] {
  const out: string[] = []
  for (const id of ids) {
    const g = t.layers.find((l) => l.id === id)?.group
    for (const m of g === undefined ? [id] : membersOf(t, g)) if (!out.includes(m)) out.push(m)
  }
  return out
}

/**
 * The group a selection is inside of: every selected layer a member of one group, not all of its members
 * selected (a double click went into the group). Escape goes back up to the whole group.
 */
export function enteredGroup(t: Template, selection: string[]): string | undefined {
  const groups = new Set(selection.map((id) => t.layers.find((l) => l.id === id)?.group))
  const [g] = groups
  if (groups.size !== 1 || g === undefined) return undefined
  return membersOf(t, g).length > selection.length ? g : undefined
}

/** The groups every one of whose members is selected: what the group commands act on. */
export function selectedGroups(t: Template, selection: string[]): string[] {
  return (t.groups ?? [])
    .map((g) => g.id)
    .filter((g) => {
      const members = membersOf(t, g)
      return members.length > 0 && members.every((m) => selection.includes(m))
    })
}

/** `base`, or `base-2`, `base-3` …: an id no group of the template has. */
export function uniqueGroupId(t: Template, base = 'group'): string {
  const taken = new Set((t.groups ?? []).map((g) => g.id))
  const stem = base.replace(/-\d+$/, '') || 'group'
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) if (!taken.has(`${stem}-${n}`)) return `${stem}-${n}`
}

/** `Group 1`, `Group 2` … for a new group (`stem` is the word for a group in the designer's language). */
export function newGroupName(t: Template, stem: string): string {
  const taken = new Set((t.groups ?? []).map((g) => g.name))
  for (let n = 1; ; n++) if (!taken.has(`${stem} ${n}`)) return `${stem} ${n}`
}

/** `name`, or `name 2`, `name 3` …: a copy's name no group of the template has (`Group 1` gives `Group 2`). */
export function uniqueGroupName(t: Template, name: string): string {
  const taken = new Set((t.groups ?? []).map((g) => g.name))
  if (!taken.has(name)) return name
  const stem = name.replace(/ \d+$/, '') || name
  for (let n = 2; ; n++) if (!taken.has(`${stem} ${n}`)) return `${stem} ${n}`
}

/**
 * The layers with `members` (in their drawing order) moved together to where the topmost of them was: the
 * others keep their order.
 */
function gather(layers: Layer[], members: Set<string>): Layer[] {
  const top = layers.findLastIndex((l) => members.has(l.id))
  if (top < 0) return layers
  const rest = layers.filter((l) => !members.has(l.id))
  const at = layers.slice(0, top).filter((l) => !members.has(l.id)).length
  return [...rest.slice(0, at), ...layers.filter((l) => members.has(l.id)), ...rest.slice(at)]
}

/**
 * The template's groups made whole again after any edit: a group of fewer than two layers is dissolved, a group
 * no layer names is dropped, a layer naming no group leaves it, and each group's members lie together where its
 * topmost member is. A template without groups comes back as it is.
 */
export function tidyGroups(t: Template): Template {
  if (t.groups === undefined && t.layers.every((l) => l.group === undefined)) return t
  const count = new Map<string, number>()
  for (const l of t.layers) if (l.group !== undefined) count.set(l.group, (count.get(l.group) ?? 0) + 1)
  const groups = (t.groups ?? []).filter((g) => (count.get(g.id) ?? 0) >= 2)
  const kept = new Set(groups.map((g) => g.id))
  let layers = t.layers.map((l) => (l.group !== undefined && !kept.has(l.group) ? ungrouped(l) : l))
  for (const g of groups)
    layers = gather(layers, new Set(layers.filter((l) => l.group === g.id).map((l) => l.id)))
  const same = layers.length === t.layers.length && layers.every((l, i) => l === t.layers[i])
  return withGroups(same ? t : { ...t, layers }, groups)
}

/**
 * The layers `ids` made one new group named `name`, next to each other where the topmost of them was; a layer
 * of another group leaves it. Fewer than two layers make no group. Returns the template and the group's id.
 */
export function groupLayers(t: Template, ids: string[], name: string): { document: Template; id?: string } {
  const picked = new Set(t.layers.filter((l) => ids.includes(l.id)).map((l) => l.id))
  if (picked.size < 2) return { document: t }
  const id = uniqueGroupId(t)
  const layers = gather(t.layers, picked).map((l) => (picked.has(l.id) ? ({ ...l, group: id } as Layer) : l))
  const next = tidyGroups({ ...t, layers, groups: [...(t.groups ?? []), { id, name }] })
  return { document: next, id }
}

/** The groups of the layers `ids` dissolved: their members stay where they are, each a layer of its own. */
export function ungroupLayers(t: Template, ids: string[]): Template {
  const gone = new Set(t.layers.filter((l) => ids.includes(l.id) && l.group).map((l) => l.group as string))
  if (gone.size === 0) return t
  const layers = t.layers.map((l) => (l.group !== undefined && gone.has(l.group) ? ungrouped(l) : l))
  return tidyGroups({ ...t, layers, groups: (t.groups ?? []).filter((g) => !gone.has(g.id)) })
}

/** Renames group `id` (an empty name is refused). */
export function renameGroup(t: Template, id: string, name: string): Template {
  const v = name.trim().slice(0, 80)
  const g = groupOf(t, id)
  if (!g || !v || v === g.name) return t
  return { ...t, groups: (t.groups ?? []).map((x) => (x.id === id ? { ...x, name: v } : x)) }
}

/**
 * Copies of layers placed in `t` take new groups: each group of `from` that two or more of the `copies` name
 * becomes a new group of `t` (a new id, its name made unique, `Group 1` giving `Group 2`); a copy alone of its
 * group leaves it. Returns the template with the new groups and the copies renamed to them.
 */
export function regroupCopies(
  t: Template,
  copies: Layer[],
  from: LayerGroup[],
): { document: Template; copies: Layer[] } {
  let next = t
  const map = new Map<string, string>()
  for (const g of from) {
    if (copies.filter((l) => l.group === g.id).length < 2) continue
    const id = uniqueGroupId(next, g.id)
    next = { ...next, groups: [...(next.groups ?? []), { id, name: uniqueGroupName(next, g.name) }] }
    map.set(g.id, id)
  }
  return {
    document: next,
    copies: copies.map((l) => {
      if (l.group === undefined) return l
      const to = map.get(l.group)
      return to === undefined ? ungrouped(l) : ({ ...l, group: to } as Layer)
    }),
  }
}

/** Runs of the drawing order: each group's members together, every other layer alone (bottom first). */
function units(layers: Layer[]): Layer[][] {
  const out: Layer[][] = []
  for (const l of layers) {
    const last = out.at(-1)
    if (l.group !== undefined && last?.[0]?.group === l.group) last.push(l)
    else out.push([l])
  }
  return out
}

export type ReorderTo = 'up' | 'down' | 'top' | 'bottom' | number

/**
 * The layers with a layer or a group (`id` names either; a layer id first) moved one step up or down, to the top
 * or the bottom, or to an index of `layers`. A group or a layer of no group moves past whole groups, never into
 * one; a group's member moves among its group's members only. The same array when nothing moves.
 */
export function reorderLayers(t: Template, id: string, to: ReorderTo): Layer[] {
  const layers = t.layers
  const layer = layers.find((l) => l.id === id)
  if (layer?.group !== undefined) {
    // Among its group's members.
    const from = layers.indexOf(layer)
    const first = layers.findIndex((l) => l.group === layer.group)
    const last = layers.findLastIndex((l) => l.group === layer.group)
    const at = typeof to === 'number' ? to : { up: from + 1, down: from - 1, top: last, bottom: first }[to]
    if (at < first || at > last || at === from) return layers
    const next = [...layers]
    next.splice(from, 1)
    next.splice(at, 0, layer)
    return next
  }
  const runs = units(layers)
  const from = runs.findIndex((u) => (layer ? u[0] === layer : u[0]?.group === id))
  if (from < 0) return layers
  const unit = runs[from] as Layer[]
  let at: number
  if (typeof to === 'number') {
    if (to < 0 || to > layers.length - 1) return layers
    // The run whose layers hold index `to`, counted as if the unit had left its place.
    const before = layers.slice(0, layers.indexOf(unit[0] as Layer)).length
    const target = to > before ? to + unit.length - 1 : to
    let seen = 0
    at = runs.findIndex((u) => {
      seen += u.length
      return seen > target
    })
    if (at < 0) at = runs.length - 1
  } else at = { up: from + 1, down: from - 1, top: runs.length - 1, bottom: 0 }[to]
  if (at < 0 || at > runs.length - 1 || at === from) return layers
  const next = [...runs]
  next.splice(from, 1)
  next.splice(at, 0, unit)
  return next.flat()
}
