import { describe, expect, it } from 'vitest'
import {
  boxIn,
  DEFAULT_FONTS,
  DESIGNER_STRINGS_EN,
  type DesignerAction,
  designerKinds,
  designerReducer,
  initialState,
} from '../src/index'
import { twoSizeCard } from './card'

const template = twoSizeCard('designer-card', [
  { id: 'bg', type: 'shape', fill: '#ffffff' },
  { id: 'title', type: 'text', text: 'Hello', size: 40, box: { x: 10, y: 20, w: 200, h: 60 } },
  { id: 'badge', type: 'shape', fill: '#ff0000', box: { x: 300, y: 300, w: 50, h: 50 } },
])

const run = (...actions: DesignerAction[]) => actions.reduce(designerReducer, initialState(template))
const boxOf = (s: ReturnType<typeof run>, id: string) => {
  const layer = s.document.layers.find((l) => l.id === id)
  if (!layer) throw new Error(`no layer ${id}`)
  return boxIn(s.document, layer, s.sizeId)
}

/** Adds a photo layer with the image field it fills, as the Add menu does. */
const addPhoto: DesignerAction = {
  type: 'add',
  layer: {
    id: 'photo',
    type: 'image',
    field: 'photo',
    fit: 'cover',
    focus: { x: 0.5, y: 0.5 },
    radius: 0,
    placeholder: '#e7e5e4',
  },
  field: { key: 'photo', kind: 'image', label: { en: 'Photo', 'zh-CN': '照片' } },
}

describe('the designer state', () => {
  it('nudges the selection, each nudge one undo step', () => {
    const s = run(
      { type: 'select', ids: ['title'] },
      { type: 'move', dx: 1, dy: 0 },
      { type: 'move', dx: 0, dy: 10 },
    )
    expect(boxOf(s, 'title')).toEqual({ x: 11, y: 30, w: 200, h: 60 })
    expect(s.past).toHaveLength(2)
    const back = designerReducer(s, { type: 'undo' })
    expect(boxOf(back, 'title')).toEqual({ x: 11, y: 20, w: 200, h: 60 })
    expect(boxOf(designerReducer(back, { type: 'redo' }), 'title')).toEqual({ x: 11, y: 30, w: 200, h: 60 })
  })

  it('makes a whole drag one undo step', () => {
    const s = run(
      { type: 'select', ids: ['title'] },
      { type: 'begin' },
      ...Array.from({ length: 30 }, (): DesignerAction => ({ type: 'move', dx: 2, dy: 1, transient: true })),
    )
    expect(boxOf(s, 'title')).toMatchObject({ x: 70, y: 50 })
    expect(s.past).toHaveLength(1)
    expect(boxOf(designerReducer(s, { type: 'undo' }), 'title')).toMatchObject({ x: 10, y: 20 })
  })

  it('moves several layers together, and Shift-click toggles one out of the selection', () => {
    const s = run(
      { type: 'select', ids: ['title'] },
      { type: 'select', ids: ['badge'], toggle: true },
      { type: 'move', dx: -5, dy: 5 },
    )
    expect(s.selection).toEqual(['title', 'badge'])
    expect(boxOf(s, 'title')).toMatchObject({ x: 5, y: 25 })
    expect(boxOf(s, 'badge')).toMatchObject({ x: 295, y: 305 })
    expect(designerReducer(s, { type: 'select', ids: ['title'], toggle: true }).selection).toEqual(['badge'])
  })

  it('lays out another size apart: a move there is that size’s override, the first size keeps its box', () => {
    const s = run(
      { type: 'showSize', sizeId: 'banner' },
      { type: 'select', ids: ['title'] },
      { type: 'move', dx: 100, dy: 0 },
    )
    expect(boxOf(s, 'title')).toMatchObject({ x: 110, y: 20 })
    const square = designerReducer(s, { type: 'showSize', sizeId: 'square' })
    expect(boxOf(square, 'title')).toMatchObject({ x: 10, y: 20 })
    expect(s.document.layers.find((l) => l.id === 'title')?.bySize?.banner?.box).toMatchObject({ x: 110 })
  })

  it('forgets the redo steps once something new is done, and ignores unknown layers and sizes', () => {
    const s = run(
      { type: 'select', ids: ['title', 'nope'] },
      { type: 'move', dx: 1, dy: 1 },
      { type: 'undo' },
    )
    expect(s.selection).toEqual(['title'])
    expect(s.future).toHaveLength(1)
    const after = designerReducer(s, { type: 'update', id: 'title', patch: { opacity: 0.5 } })
    expect(after.future).toHaveLength(0)
    expect(designerReducer(after, { type: 'showSize', sizeId: 'poster' }).sizeId).toBe('square')
  })
})

describe('the designer’s layer actions', () => {
  const shape = (id: string, x: number, y: number, w = 50, h = 50) =>
    ({ id, type: 'shape', shape: 'rect', radius: 0, fill: '#000000', box: { x, y, w, h } }) as const

  it('aligns a multi-selection to its union, one layer to the canvas, each one undo step', () => {
    const s = run(
      { type: 'select', ids: ['title', 'badge'] },
      { type: 'align', edge: 'left' },
      { type: 'align', edge: 'bottom' },
    )
    expect(boxOf(s, 'badge')).toMatchObject({ x: 10, y: 300 })
    expect(boxOf(s, 'title')).toMatchObject({ x: 10, y: 290 })
    expect(s.past).toHaveLength(2)
    const one = run({ type: 'select', ids: ['badge'] }, { type: 'align', edge: 'center' })
    expect(boxOf(one, 'badge')).toMatchObject({ x: 175 })
  })

  it('distributes three layers, and leaves locked layers where they are', () => {
    const s = run(
      { type: 'add', layer: shape('a', 0, 0) },
      { type: 'add', layer: shape('b', 60, 0) },
      { type: 'add', layer: shape('c', 350, 0) },
      { type: 'select', ids: ['a', 'b', 'c'] },
      { type: 'distribute', axis: 'x' },
    )
    expect(boxOf(s, 'b')).toMatchObject({ x: 175 })
    const locked = run(
      { type: 'update', id: 'badge', patch: { locked: true } },
      { type: 'select', ids: ['badge', 'title'] },
      { type: 'move', dx: 5, dy: 0 },
      { type: 'align', edge: 'right' },
    )
    expect(boxOf(locked, 'badge')).toMatchObject({ x: 300 })
    // The nudge moved the title alone; with one movable layer, align lines it up with the canvas.
    expect(boxOf(locked, 'title')).toMatchObject({ x: 200 })
    expect(locked.past).toHaveLength(3)
  })

  it('adds a layer above the selection with a unique id and selects it; undo removes it and deselects', () => {
    const s = run({ type: 'select', ids: ['title'] }, { type: 'add', layer: shape('badge', 0, 0) })
    expect(s.document.layers.map((l) => l.id)).toEqual(['bg', 'title', 'badge-2', 'badge'])
    expect(s.selection).toEqual(['badge-2'])
    const back = designerReducer(s, { type: 'undo' })
    expect(back.document.layers).toHaveLength(3)
    expect(back.selection).toEqual([])
  })

  it('deletes and duplicates the selection, each one step', () => {
    const dup = run({ type: 'select', ids: ['title', 'badge'] }, { type: 'duplicate' })
    expect(dup.document.layers.map((l) => l.id)).toEqual(['bg', 'title', 'title-copy', 'badge', 'badge-copy'])
    expect(dup.selection).toEqual(['title-copy', 'badge-copy'])
    // A copy of a named layer is named apart from it in the layers panel.
    const named = designerReducer(
      designerReducer(run({ type: 'update', id: 'title', patch: { name: 'Headline' } }), {
        type: 'select',
        ids: ['title'],
      }),
      { type: 'duplicate' },
    )
    expect(named.document.layers.map((l) => l.name)).toContain('Headline 2')
    const again = designerReducer(named, { type: 'duplicate' })
    expect(again.document.layers.filter((l) => l.name?.startsWith('Headline')).map((l) => l.name)).toEqual([
      'Headline',
      'Headline 2',
      'Headline 3',
    ])
    expect(boxOf(dup, 'title-copy')).toMatchObject({ x: 20, y: 30 })
    const del = designerReducer(dup, { type: 'delete' })
    expect(del.document.layers.map((l) => l.id)).toEqual(['bg', 'title', 'badge'])
    expect(del.past).toHaveLength(2)
  })

  it('reorders a layer up, down, to the top and the bottom, and ignores a move past the end', () => {
    const ids = (s: ReturnType<typeof run>) => s.document.layers.map((l) => l.id)
    expect(ids(run({ type: 'reorder', id: 'bg', to: 'up' }))).toEqual(['title', 'bg', 'badge'])
    expect(ids(run({ type: 'reorder', id: 'badge', to: 'bottom' }))).toEqual(['badge', 'bg', 'title'])
    expect(ids(run({ type: 'reorder', id: 'bg', to: 'top' }))).toEqual(['title', 'badge', 'bg'])
    const none = run({ type: 'reorder', id: 'badge', to: 'up' })
    expect(none.past).toHaveLength(0)
  })

  it('renames, locks, hides and rotates through update, each one step', () => {
    const s = run(
      { type: 'update', id: 'title', patch: { name: 'Headline' } },
      { type: 'update', id: 'title', patch: { hidden: true } },
      { type: 'update', id: 'title', patch: { rotation: 45 } },
    )
    expect(s.document.layers[1]).toMatchObject({ name: 'Headline', hidden: true, rotation: 45 })
    expect(s.past).toHaveLength(3)
  })
})

describe('gestures', () => {
  it('leaves no undo step for a gesture that changed nothing (a click), and keeps the redo steps', () => {
    const s = run(
      { type: 'select', ids: ['title'] },
      { type: 'move', dx: 1, dy: 0 },
      { type: 'undo' },
      { type: 'begin' },
      { type: 'end' },
    )
    expect(s.past).toHaveLength(0)
    expect(s.future).toHaveLength(1)
  })

  it('makes a resize of many steps one undo step', () => {
    const s = run(
      { type: 'begin' },
      { type: 'setBox', id: 'badge', box: { x: 300, y: 300, w: 60, h: 60 }, transient: true },
      { type: 'setBox', id: 'badge', box: { x: 300, y: 300, w: 80, h: 70 }, transient: true },
      { type: 'end' },
    )
    expect(boxOf(s, 'badge')).toEqual({ x: 300, y: 300, w: 80, h: 70 })
    expect(s.past).toHaveLength(1)
    expect(boxOf(designerReducer(s, { type: 'undo' }), 'badge')).toEqual({ x: 300, y: 300, w: 50, h: 50 })
  })
})

describe('coalesced edits', () => {
  it('makes changes with one key in a row one step, a new key or an undo a new one', () => {
    const s = run(
      { type: 'update', id: 'title', patch: { size: 4 }, coalesce: 'size-1' },
      { type: 'update', id: 'title', patch: { size: 42 }, coalesce: 'size-1' },
      { type: 'update', id: 'title', patch: { size: 48 }, coalesce: 'size-2' },
    )
    expect(s.past).toHaveLength(2)
    const back = designerReducer(s, { type: 'undo' })
    expect(back.document.layers[1]).toMatchObject({ size: 42 })
    const again = designerReducer(back, {
      type: 'update',
      id: 'title',
      patch: { size: 50 },
      coalesce: 'size-2',
    })
    expect(again.past).toHaveLength(2)
    expect(designerReducer(again, { type: 'undo' }).document.layers[1]).toMatchObject({ size: 42 })
  })

  it('adds a layer with the field it needs, both undone together', () => {
    const s = run(addPhoto)
    expect(s.document.fields.map((f) => f.key)).toEqual(['photo'])
    expect(designerReducer(s, { type: 'undo' }).document.fields).toEqual([])
  })
})

describe('loading another document', () => {
  it('starts a new history with nothing selected', () => {
    const s = run({ type: 'select', ids: ['title'] }, { type: 'move', dx: 1, dy: 0 })
    const other = { ...template, id: 'other-card' }
    const loaded = designerReducer(s, { type: 'load', document: other })
    expect(loaded).toMatchObject({ document: other, selection: [], past: [], future: [], sizeId: 'square' })
  })
})

describe('deleting', () => {
  it('takes the fields only the deleted layers used, and undoes as one step', () => {
    const s = run(addPhoto)
    const deleted = designerReducer(s, { type: 'delete' })
    expect(deleted.document.fields).toEqual([])
    expect(designerReducer(deleted, { type: 'undo' }).document.fields.map((f) => f.key)).toEqual(['photo'])
  })

  it('deletes every layer at once, leaving a blank page that undo fills again', () => {
    const all = run({ type: 'select', ids: ['bg', 'title', 'badge'] }, { type: 'delete' })
    expect(all.document.layers).toEqual([])
    expect(all.selection).toEqual([])
    expect(designerReducer(all, { type: 'undo' }).document.layers.map((l) => l.id)).toEqual([
      'bg',
      'title',
      'badge',
    ])
  })
})

describe("a text's line spacing in the designer", () => {
  /** The switch of the text's properties, whose changes go to the state as the panel sends them. */
  const switchOf = (state: ReturnType<typeof run>, changes: DesignerAction[]) => {
    const layer = state.document.layers.find((l) => l.id === 'title')
    if (!layer) throw new Error('no title')
    const { controls } = designerKinds.properties(layer, {
      t: state.document,
      sizeId: state.sizeId,
      strings: DESIGNER_STRINGS_EN,
      locale: 'en',
      fonts: DEFAULT_FONTS,
      update: (patch, coalesce) => changes.push({ type: 'update', id: 'title', patch, coalesce }),
      disabled: false,
    })
    const found = controls.find(
      (c) => c.control === 'checkbox' && c.label === DESIGNER_STRINGS_EN.keepLinesClear,
    )
    if (found?.control !== 'checkbox') throw new Error('no line spacing switch')
    return found
  }
  /** The text as the document is handed out and saved (JSON: a property set to undefined is none). */
  const titleOf = (state: ReturnType<typeof run>) =>
    JSON.parse(JSON.stringify(state.document.layers.find((l) => l.id === 'title'))) as Record<string, unknown>

  it('turns ink-clear spacing on (no property) and off (fixed), each one undo step', () => {
    // The card names no format: read as a document saved before format 3, its text keeps fixed spacing.
    const start = run({ type: 'select', ids: ['title'] })
    expect(titleOf(start)).toMatchObject({ lineSpacing: 'fixed' })
    const changes: DesignerAction[] = []
    const off = switchOf(start, changes)
    expect(off.checked).toBe(false)
    off.set(true)
    const on = changes.reduce(designerReducer, start)
    expect(titleOf(on)).not.toHaveProperty('lineSpacing')
    expect(on.past).toHaveLength(start.past.length + 1)
    expect(switchOf(on, []).checked).toBe(true)
    expect(titleOf(designerReducer(on, { type: 'undo' }))).toMatchObject({ lineSpacing: 'fixed' })

    const again: DesignerAction[] = []
    switchOf(on, again).set(false)
    const fixed = again.reduce(designerReducer, on)
    expect(titleOf(fixed)).toMatchObject({ lineSpacing: 'fixed' })
    expect(fixed.past).toHaveLength(on.past.length + 1)
    expect(titleOf(designerReducer(fixed, { type: 'undo' }))).not.toHaveProperty('lineSpacing')
  })
})
