import {
  type Box,
  defaultSize,
  type Field,
  type Layer,
  type Size,
  type SizeGuides,
  sizeOrDefault,
  type Template,
  templatePages,
} from '@templet/template'
import { boxIn, unionBox, withBox } from './boxes'
import { type Clip, pasteLayers } from './clipboard'
import { dropFieldIfUnused, fieldInUse } from './fields'
import { type AlignEdge, alignBox, distributeBoxes, type Handle, scaleBoxes } from './geometry'
import {
  expandToGroups,
  groupLayers,
  newGroupName,
  type ReorderTo,
  regroupCopies,
  renameGroup,
  reorderLayers,
  tidyGroups,
  ungroupLayers,
} from './groups'
import { withGuides } from './guides'
import {
  addPage,
  duplicatePage,
  movePage,
  pageIndex,
  removePage,
  renamePage,
  shownPage,
  withinPage,
} from './pages'
import { scaleLayerStyle, styleScale } from './scale-layers'
import { addSize, removeSize, resizeSize } from './sizes'
import { uniqueLayerId, uniqueLayerName } from './uniques'

/** What the designer holds: the document, the size shown, the selection and the undo history. */
export interface DesignerState {
  document: Template
  sizeId: string
  /** The page shown and edited (ADR 0198); the first page when absent or when the design no longer has it. */
  pageId?: string
  /** Selected layers' ids, in the order they were selected. */
  selection: string[]
  /** Earlier documents, the latest last; one entry per action. */
  past: Template[]
  future: Template[]
  /** A gesture is under way: its first change records the document before it as one undo step. */
  gesture?: boolean
  /**
   * A gesture is under way, from its `begin` to its `end` (after its first change too): what need not follow
   * each pointer move (the thumbnails, the previews) waits for its end.
   */
  underway?: true
  /** The `coalesce` key of the last step: a change with the same key joins that step. */
  coalesce?: string
}

/**
 * An edit made of many changes, such as typing a number or dragging a colour picker: changes with the same
 * key in a row are one undo step (the panel makes a new key each time a field gains focus).
 */
type Coalesce = { coalesce?: string }

export type DesignerAction =
  /**
   * Replace the selection, or with `toggle` add or remove the layers (Shift-click). A grouped layer brings its
   * whole group, unless `within` (a double click into the group, a member's row in the layers panel).
   */
  | { type: 'select'; ids: string[]; toggle?: boolean; within?: boolean }
  | { type: 'showSize'; sizeId: string }
  /** Shows another page; nothing stays selected. */
  | { type: 'showPage'; pageId: string }
  /**
   * Adds a blank page after the one shown, or a copy of it (`duplicate`), called `{word} n`, and shows it.
   */
  | { type: 'addPage'; word: string; duplicate?: boolean }
  /** Moves a page to an index of the pages. */
  | { type: 'movePage'; pageId: string; to: number }
  /** Removes a page and its layers (never the last page); the page before it is shown. */
  | { type: 'removePage'; pageId: string }
  | ({ type: 'renamePage'; pageId: string; name: string } & Coalesce)
  /** Adds a size, laid out from the default size (`sizes.ts`), and shows it. */
  | { type: 'addSize'; size: Size }
  /** Gives a screen size new pixels, its layout fitted to them. */
  | { type: 'resizeSize'; sizeId: string; width: number; height: number }
  /** Removes a size (never the last one); the next one becomes the default when it was the default. */
  | { type: 'removeSize'; sizeId: string }
  /**
   * Start of a gesture (a drag, a resize): the document before it becomes one undo step, however many
   * `transient` changes follow; a gesture that changes nothing (a click) leaves no step.
   */
  | { type: 'begin' }
  | { type: 'end' }
  /** Moves the selected layers by (dx, dy) px in the size shown. */
  | { type: 'move'; dx: number; dy: number; transient?: boolean }
  /** Sets one layer's box in the size shown. */
  | ({ type: 'setBox'; id: string; box: Box; transient?: boolean } & Coalesce)
  /**
   * A multi-selection's frame resized by `handle` from `from` to `to`: each selected layer of `layers` (as
   * the gesture found them, so a drag's steps never compound) keeps its place and share of the frame, and
   * a corner scales its font size, radii, outline and shadow too (`styleScale`); locked layers stay.
   */
  | { type: 'scaleGroup'; layers: Layer[]; handle: Handle; from: Box; to: Box; transient?: boolean }
  /** Replaces the guides of the size shown on either axis (`guides.ts`); one undo step, or one per `coalesce`. */
  | ({ type: 'guides'; guides: Partial<SizeGuides> } & Coalesce)
  /** Changes one layer's properties. */
  | ({ type: 'update'; id: string; patch: Partial<Layer>; transient?: boolean } & Coalesce)
  /**
   * Lines the selection up on an edge or centre of its union box (of the canvas for one layer); locked layers
   * stay.
   */
  | { type: 'align'; edge: AlignEdge }
  /** Spreads three or more selected layers with equal gaps, the outermost two staying. */
  | { type: 'distribute'; axis: 'x' | 'y' }
  /**
   * Adds a layer above the topmost selected one (or on top) and selects it; its id is made unique from the
   * one given.
   */
  | { type: 'add'; layer: Layer; field?: Field }
  /** Removes the selected layers (never the last one), and the fields only they used. */
  | { type: 'delete' }
  /** Adds copied layers (of this design or another) on top, with the fields they use, and selects them. */
  | { type: 'paste'; clip: Clip }
  /** Copies the selected layers just above each, 10 px down and right, and selects the copies. */
  | { type: 'duplicate' }
  /**
   * Moves a layer or a group (`id`) one step up (drawn later) or down, to the top or the bottom, or to an index
   * of `layers`; past whole groups, and a group's member among its members only (`reorderLayers`).
   */
  | { type: 'reorder'; id: string; to: ReorderTo }
  /**
   * Makes the selected layers one group, next to each other where the topmost was (ADR 0196), named `name` and
   * the first free number (`Group 1`, `Group 2` …; `name` is the designer's word for a group).
   */
  | { type: 'group'; name: string }
  /** Dissolves the groups of the selected layers; the layers stay selected. */
  | { type: 'ungroup' }
  /** Renames a group. */
  | { type: 'renameGroup'; id: string; name: string }
  /** Changes every member of a group at once (lock, hide): one undo step. */
  | { type: 'updateGroup'; id: string; patch: Partial<Layer> }
  /** A whole new document (the fields panel's edits) as one step. */
  | ({ type: 'replace'; document: Template; transient?: boolean } & Coalesce)
  /** Another document (another template): a new history, nothing selected. */
  | { type: 'load'; document: Template }
  /**
   * The host's copy of the document shown (the version a save stored) in its place, as no undo step: the
   * selection keeps the layers it still has, and with `keepHistory` the undo and redo steps stay.
   */
  | { type: 'rebase'; document: Template; keepHistory?: boolean }
  | { type: 'undo' }
  | { type: 'redo' }

/** How many undo steps are kept. */
export const HISTORY_LIMIT = 100

export function initialState(document: Template, sizeId = defaultSize(document).id): DesignerState {
  return { document, sizeId, selection: [], past: [], future: [] }
}

/**
 * A new document as one undo step; `transient`, as part of the step a `begin` opened; with a `coalesce` key
 * equal to the last step's, as part of that step.
 */
function change(state: DesignerState, next: Template, transient?: boolean, coalesce?: string): DesignerState {
  if (next === state.document) return state
  const step = (): DesignerState => ({
    ...state,
    document: next,
    past: [...state.past, state.document].slice(-HISTORY_LIMIT),
    future: [],
    gesture: false,
    coalesce,
  })
  if (transient) return state.gesture ? step() : { ...state, document: next }
  if (coalesce !== undefined && coalesce === state.coalesce) return { ...state, document: next }
  return step()
}

/** The size to show of `t`: `sizeId` while `t` has it (an undo may take it away), else the default size. */
const shown = (t: Template, sizeId: string) =>
  t.sizes.some((s) => s.id === sizeId) ? sizeId : defaultSize(t).id

/** The selection without layers the document no longer has (after an undo of an add, a delete). */
const existing = (t: Template, ids: string[]) => ids.filter((id) => t.layers.some((l) => l.id === id))

/** The selected layers that may move (locked ones stay). */
const movable = (state: DesignerState) =>
  state.document.layers.filter((l) => state.selection.includes(l.id) && !l.locked)

/** The selected layers that may move, a group's members together (each layer of no group alone). */
const movableUnits = (state: DesignerState): Layer[][] => {
  const units = new Map<string, Layer[]>()
  for (const l of movable(state)) {
    const key = l.group === undefined ? `layer:${l.id}` : `group:${l.group}`
    units.set(key, [...(units.get(key) ?? []), l])
  }
  return [...units.values()]
}

/** Each unit's layers moved by what `to` does to the unit's box. */
function shifted(
  t: Template,
  sizeId: string,
  units: Layer[][],
  boxes: Box[],
  to: (box: Box, i: number) => Box,
): Map<string, Box> {
  const moved = new Map<string, Box>()
  units.forEach((u, i) => {
    const from = boxes[i] as Box
    const b = to(from, i)
    for (const l of u) {
      const own = boxIn(t, l, sizeId)
      moved.set(l.id, { ...own, x: own.x + b.x - from.x, y: own.y + b.y - from.y })
    }
  })
  return moved
}

const mapLayers = (t: Template, f: (l: Layer) => Layer): Template => {
  let changed = false
  const layers = t.layers.map((l) => {
    const n = f(l)
    if (n !== l) changed = true
    return n
  })
  return changed ? { ...t, layers } : t
}

const sameBox = (a: Box, b: Box) => a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h

/** The layers of `moved` placed in their new boxes in the size shown. */
const placeAll = (t: Template, sizeId: string, moved: Map<string, Box>) =>
  mapLayers(t, (l) => {
    const box = moved.get(l.id)
    if (!box) return l
    return sameBox(boxIn(t, l, sizeId), box) ? l : withBox(t, l, sizeId, box)
  })

export function designerReducer(state: DesignerState, action: DesignerAction): DesignerState {
  const t = state.document
  switch (action.type) {
    case 'select': {
      const given = action.ids.filter((id) => t.layers.some((l) => l.id === id))
      if (!action.toggle) return { ...state, selection: action.within ? given : expandToGroups(t, given) }
      const selection = [...state.selection]
      const done = new Set<string>()
      for (const id of given) {
        if (done.has(id)) continue
        // A group comes and goes whole: Shift-click on a member adds its group, or takes it away (once, however
        // many of its layers a marquee touched).
        const unit = action.within ? [id] : expandToGroups(t, [id])
        for (const m of unit) done.add(m)
        if (unit.every((m) => selection.includes(m))) {
          for (const m of unit) selection.splice(selection.indexOf(m), 1)
        } else for (const m of unit) if (!selection.includes(m)) selection.push(m)
      }
      return { ...state, selection }
    }
    case 'showSize':
      return t.sizes.some((s) => s.id === action.sizeId) ? { ...state, sizeId: action.sizeId } : state
    case 'showPage': {
      const pageId = shownPage(t, action.pageId)
      return pageId === shownPage(t, state.pageId) ? state : { ...state, pageId, selection: [] }
    }
    case 'addPage': {
      const from = shownPage(t, state.pageId)
      const added = action.duplicate ? duplicatePage(t, from, action.word) : addPage(t, from, action.word)
      return { ...change(state, added.document), pageId: added.pageId, selection: [] }
    }
    case 'movePage': {
      // The page shown stays shown wherever it moves to (a state without a page id shows the first page).
      const next = change(state, movePage(t, action.pageId, action.to))
      return next === state ? state : { ...next, pageId: shownPage(t, state.pageId) }
    }
    case 'removePage': {
      const next = change(state, removePage(t, action.pageId))
      if (next === state) return state
      const before = Math.max(0, pageIndex(t, action.pageId) - 1)
      const pageId =
        shownPage(t, state.pageId) === action.pageId ? templatePages(next.document)[before]?.id : state.pageId
      return {
        ...next,
        pageId: shownPage(next.document, pageId),
        selection: existing(next.document, state.selection),
      }
    }
    case 'renamePage':
      return change(state, renamePage(t, action.pageId, action.name), false, action.coalesce)
    case 'addSize': {
      const added = addSize(t, action.size)
      return { ...change(state, added.document), sizeId: added.sizeId }
    }
    case 'resizeSize':
      return change(state, resizeSize(t, action.sizeId, { width: action.width, height: action.height }))
    case 'removeSize': {
      const next = change(state, removeSize(t, action.sizeId))
      return { ...next, sizeId: shown(next.document, state.sizeId) }
    }
    case 'begin':
      return { ...state, gesture: true, underway: true }
    case 'end': {
      if (!state.gesture && !state.underway) return state
      const { underway: _, ...ended } = state
      return { ...ended, gesture: false }
    }
    case 'move': {
      if (action.dx === 0 && action.dy === 0) return state
      const next = mapLayers(t, (l) => {
        if (!state.selection.includes(l.id) || l.locked) return l
        const b = boxIn(t, l, state.sizeId)
        return withBox(t, l, state.sizeId, { ...b, x: b.x + action.dx, y: b.y + action.dy })
      })
      return change(state, next, action.transient)
    }
    case 'setBox':
      return change(
        state,
        mapLayers(t, (l) => (l.id === action.id ? withBox(t, l, state.sizeId, action.box) : l)),
        action.transient,
        action.coalesce,
      )
    case 'scaleGroup': {
      const ids = new Set(movable(state).map((l) => l.id))
      const layers = action.layers.filter((l) => ids.has(l.id))
      const before = layers.map((l) => boxIn(t, l, state.sizeId))
      const boxes = new Map(scaleBoxes(action.from, action.to, before).map((b, i) => [layers[i]?.id, b]))
      const k = styleScale(action.handle, action.from, action.to)
      const next = mapLayers(t, (l) => {
        const start = layers.find((s) => s.id === l.id)
        const box = boxes.get(l.id)
        if (!start || !box) return l
        const scaled = scaleLayerStyle(t, withBox(t, start, state.sizeId, box), state.sizeId, k)
        // A step that puts the layer back as the gesture found it (a click on a handle) changes nothing.
        return sameBox(boxIn(t, start, state.sizeId), box) && k === 1 ? start : scaled
      })
      return change(state, next, action.transient)
    }
    case 'guides':
      return change(state, withGuides(t, state.sizeId, action.guides), false, action.coalesce)
    case 'update':
      return change(
        state,
        mapLayers(t, (l) => (l.id === action.id ? ({ ...l, ...action.patch } as Layer) : l)),
        action.transient,
        action.coalesce,
      )
    case 'align': {
      // A group lines up as one box, its members keeping their places in it.
      const units = movableUnits(state)
      const boxes = units.map((u) => unionBox(u.map((l) => boxIn(t, l, state.sizeId))) as Box)
      const size = sizeOrDefault(t, state.sizeId)
      const to = boxes.length > 1 ? unionBox(boxes) : { x: 0, y: 0, w: size.width, h: size.height }
      if (!to) return state
      return change(
        state,
        placeAll(
          t,
          state.sizeId,
          shifted(t, state.sizeId, units, boxes, (b) => alignBox(b, to, action.edge)),
        ),
      )
    }
    case 'distribute': {
      const units = movableUnits(state)
      const boxes = units.map((u) => unionBox(u.map((l) => boxIn(t, l, state.sizeId))) as Box)
      const spread = distributeBoxes(boxes, action.axis)
      return change(
        state,
        placeAll(
          t,
          state.sizeId,
          shifted(t, state.sizeId, units, boxes, (_, i) => spread[i] as Box),
        ),
      )
    }
    case 'add': {
      const layer = {
        ...action.layer,
        id: uniqueLayerId(t, action.layer.id),
        ...(t.pages && { page: shownPage(t, state.pageId) }),
      } as Layer
      // Above the topmost selected layer's whole group, never inside a group.
      const top = Math.max(
        -1,
        ...expandToGroups(t, state.selection).map((id) => t.layers.findIndex((l) => l.id === id)),
      )
      const at = top >= 0 ? top + 1 : t.layers.length
      const layers = [...t.layers.slice(0, at), layer, ...t.layers.slice(at)]
      const fields = action.field ? [...t.fields, action.field] : t.fields
      return { ...change(state, { ...t, layers, fields }), selection: [layer.id] }
    }
    case 'delete': {
      const layers = t.layers.filter((l) => !state.selection.includes(l.id))
      if (layers.length === t.layers.length) return state
      // The fields only the deleted layers used go with them, so the fill-in form asks for nothing unused.
      const orphans = t.fields.filter((f) => fieldInUse(t, f.key)).map((f) => f.key)
      const next = orphans.reduce(dropFieldIfUnused, tidyGroups({ ...t, layers }))
      return { ...change(state, next), selection: [] }
    }
    case 'paste': {
      const pasted = pasteLayers(t, state.sizeId, action.clip)
      // Pasted layers land on the page shown, whatever page they were copied from.
      const page = t.pages ? shownPage(t, state.pageId) : undefined
      const ids = new Set(pasted.ids)
      const document = mapLayers(pasted.document, (l) => {
        if (!ids.has(l.id)) return l
        if (page !== undefined) return l.page === page ? l : ({ ...l, page } as Layer)
        if (l.page === undefined) return l
        const { page: _, ...plain } = l
        return plain as Layer
      })
      return { ...change(state, document), selection: pasted.ids }
    }
    case 'duplicate': {
      if (state.selection.length === 0) return state
      let next = t
      const copies: Layer[] = []
      // Each copy just above its original; a whole group's copies together above the group, as a new group.
      for (const l of t.layers) {
        if (!state.selection.includes(l.id)) continue
        const id = uniqueLayerId(next, `${l.id}-copy`)
        const b = boxIn(t, l, state.sizeId)
        const name = l.name === undefined ? undefined : uniqueLayerName(next, l.name)
        const copy = withBox(t, { ...l, id, name, locked: undefined } as Layer, state.sizeId, {
          ...b,
          x: b.x + 10,
          y: b.y + 10,
        })
        const wholeGroup =
          l.group !== undefined &&
          t.layers.every((m) => m.group !== l.group || state.selection.includes(m.id))
        // The copies of a group's members still name it here: each lands above the group and the copies before.
        const after = wholeGroup
          ? next.layers.findLastIndex((x) => x.group === l.group)
          : next.layers.findIndex((x) => x.id === l.id)
        next = {
          ...next,
          layers: [...next.layers.slice(0, after + 1), copy, ...next.layers.slice(after + 1)],
        }
        copies.push(copy)
      }
      const regrouped = regroupCopies(
        next,
        copies.filter((c) => t.layers.every((m) => m.group !== c.group || state.selection.includes(m.id))),
        t.groups ?? [],
      )
      const renamed = new Map(regrouped.copies.map((c) => [c.id, c]))
      next = { ...regrouped.document, layers: regrouped.document.layers.map((l) => renamed.get(l.id) ?? l) }
      return { ...change(state, tidyGroups(next)), selection: copies.map((c) => c.id) }
    }
    case 'reorder': {
      const layers = withinPage(t, shownPage(t, state.pageId), (page) =>
        reorderLayers(page, action.id, action.to),
      )
      return layers === t.layers ? state : change(state, { ...t, layers })
    }
    case 'group': {
      const grouped = groupLayers(t, expandToGroups(t, state.selection), newGroupName(t, action.name))
      if (!grouped.id) return state
      return {
        ...change(state, grouped.document),
        selection: expandToGroups(grouped.document, state.selection),
      }
    }
    case 'ungroup':
      return change(state, ungroupLayers(t, state.selection))
    case 'renameGroup':
      return change(state, renameGroup(t, action.id, action.name))
    case 'updateGroup':
      return change(
        state,
        mapLayers(t, (l) => (l.group === action.id ? ({ ...l, ...action.patch } as Layer) : l)),
      )
    case 'replace':
      return change(state, action.document, action.transient, action.coalesce)
    case 'load':
      return initialState(action.document)
    case 'rebase': {
      const d = action.document
      return {
        ...state,
        document: d,
        sizeId: shown(d, state.sizeId),
        pageId: shownPage(d, state.pageId),
        selection: existing(d, state.selection),
        past: action.keepHistory ? state.past : [],
        future: action.keepHistory ? state.future : [],
        // The next edit is a step of its own, not part of one made before the host's copy came.
        coalesce: undefined,
      }
    }
    case 'undo': {
      const previous = state.past.at(-1)
      if (!previous) return state
      return {
        ...state,
        document: previous,
        sizeId: shown(previous, state.sizeId),
        pageId: shownPage(previous, state.pageId),
        past: state.past.slice(0, -1),
        future: [t, ...state.future],
        coalesce: undefined,
        selection: existing(previous, state.selection),
      }
    }
    case 'redo': {
      const [next, ...rest] = state.future
      if (!next) return state
      return {
        ...state,
        document: next,
        sizeId: shown(next, state.sizeId),
        pageId: shownPage(next, state.pageId),
        past: [...state.past, t],
        future: rest,
        coalesce: undefined,
        selection: existing(next, state.selection),
      }
    }
  }
}
