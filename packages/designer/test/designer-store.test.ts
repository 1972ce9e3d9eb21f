import type { Template } from '@templet/template'
import { describe, expect, it, vi } from 'vitest'
import { boxIn, createDesignerStore, type DesignerChange, onDocumentChange } from '../src/index'
import { twoSizeCard } from './card'

const template = twoSizeCard('store-card', [
  { id: 'bg', type: 'shape', fill: '#ffffff' },
  { id: 'title', type: 'text', text: 'Hello', size: 40, box: { x: 10, y: 20, w: 200, h: 60 } },
  { id: 'badge', type: 'shape', fill: '#ff0000', box: { x: 300, y: 300, w: 50, h: 50 } },
])

const boxOf = (t: Template, id: string) => {
  const layer = t.layers.find((l) => l.id === id)
  if (!layer) throw new Error(`no layer ${id}`)
  return boxIn(t, layer, 'square')
}

/** A store with the title selected and moved twice: two undo steps. */
function edited() {
  const store = createDesignerStore(template)
  store.dispatch({ type: 'select', ids: ['title'] })
  store.dispatch({ type: 'move', dx: 5, dy: 0 })
  store.dispatch({ type: 'move', dx: 0, dy: 5 })
  return store
}

/** The document as a server may store it: the same design, written afresh (another object, a name trimmed). */
const asStored = (t: Template): Template => ({ ...structuredClone(t), name: { en: 'Card', 'zh-CN': '卡片' } })

describe('the designer store: the host replaces the document', () => {
  it('keeps the undo history and the selection when a save comes back (keepHistory)', () => {
    const store = edited()
    const saved = asStored(store.getDocument())
    store.replace(saved, { keepHistory: true })
    expect(store.getDocument()).toBe(saved)
    expect(store.getState().selection).toEqual(['title'])
    expect(store.getState().past).toHaveLength(2)
    store.dispatch({ type: 'undo' })
    expect(boxOf(store.getDocument(), 'title')).toMatchObject({ x: 15, y: 20 })
    store.dispatch({ type: 'redo' })
    expect(store.getDocument()).toBe(saved)
  })

  it('keeps the selection of the layers still there, and the size shown', () => {
    const store = edited()
    store.dispatch({ type: 'select', ids: ['title', 'badge'] })
    store.dispatch({ type: 'showSize', sizeId: 'banner' })
    const saved = {
      ...store.getDocument(),
      layers: store.getDocument().layers.filter((l) => l.id !== 'badge'),
    }
    store.replace(saved, { keepHistory: true })
    expect(store.getState()).toMatchObject({ selection: ['title'], sizeId: 'banner' })
  })

  it('starts a new history without keepHistory, and with load a new selection too', () => {
    const store = edited()
    store.replace(asStored(store.getDocument()))
    expect(store.getState()).toMatchObject({ past: [], future: [], selection: ['title'] })
    store.load({ ...template, id: 'another-card' })
    expect(store.getState()).toMatchObject({ past: [], selection: [] })
  })

  it('tells onChange of none of the host’s own documents', () => {
    const store = edited()
    const onChange = vi.fn()
    onDocumentChange(store, onChange)
    store.replace(asStored(store.getDocument()), { keepHistory: true })
    store.load(template)
    expect(onChange).not.toHaveBeenCalled()
  })
})

describe('the designer store: changes and their phases', () => {
  it('calls onChange once for a drag of 100 pointer moves, at its end, with the moved document', () => {
    const store = createDesignerStore(template)
    const onChange = vi.fn()
    const phases: DesignerChange['phase'][] = []
    onDocumentChange(store, onChange)
    store.subscribe((c) => phases.push(c.phase))
    store.dispatch({ type: 'select', ids: ['badge'] })
    onChange.mockClear()
    phases.length = 0
    // What the canvas sends for a drag: a begin, a transient step per pointer move, an end.
    store.dispatch({ type: 'begin' })
    for (let step = 0; step < 100; step++) store.dispatch({ type: 'move', dx: 1, dy: 0, transient: true })
    expect(onChange).not.toHaveBeenCalled()
    store.dispatch({ type: 'end' })
    expect(onChange).toHaveBeenCalledTimes(1)
    expect(boxOf(onChange.mock.calls[0]?.[0], 'badge')).toMatchObject({ x: 400, y: 300 })
    expect(phases.filter((p) => p === 'gesture')).toHaveLength(101)
    expect(phases.filter((p) => p === 'end')).toHaveLength(1)
    expect(store.getState().past).toHaveLength(1)
  })

  it('calls onChange for each change made at once, and not for a click or a selection', () => {
    const store = createDesignerStore(template)
    const onChange = vi.fn()
    onDocumentChange(store, onChange)
    store.dispatch({ type: 'select', ids: ['badge'] })
    store.dispatch({ type: 'begin' })
    store.dispatch({ type: 'end' })
    expect(onChange).not.toHaveBeenCalled()
    store.dispatch({ type: 'move', dx: 1, dy: 0 })
    store.dispatch({ type: 'undo' })
    expect(onChange).toHaveBeenCalledTimes(2)
    expect(onChange.mock.calls[1]?.[0]).toBe(template)
  })

  it('stops telling a listener once it unsubscribes', () => {
    const store = createDesignerStore(template)
    const listener = vi.fn()
    const unsubscribe = store.subscribe(listener)
    store.dispatch({ type: 'select', ids: ['badge'] })
    unsubscribe()
    store.dispatch({ type: 'move', dx: 1, dy: 0 })
    expect(listener).toHaveBeenCalledTimes(1)
  })
})

describe('the designer store: fonts', () => {
  it('repaints when fonts change, keeping the history, the selection and the document', () => {
    const store = edited()
    const before = store.getState()
    const listener = vi.fn()
    store.subscribe(listener)
    store.fontsChanged()
    expect(store.getFontsEpoch()).toBe(1)
    expect(listener).toHaveBeenCalledWith({ phase: 'end', documentChanged: false, source: 'host' })
    expect(store.getState()).toBe(before)
    store.dispatch({ type: 'undo' })
    expect(boxOf(store.getDocument(), 'title')).toMatchObject({ x: 15, y: 20 })
  })
})
