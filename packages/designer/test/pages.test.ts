import { onPage, pageCount, parseTemplate, type Template, templatePages } from '@templet/template'
import { describe, expect, it } from 'vitest'
import { copyLayers, type DesignerAction, designerReducer, initialState } from '../src/index'
import { squareCard } from './card'

const shape = (id: string, x: number) => ({
  id,
  type: 'shape',
  fill: '#000000',
  box: { x, y: 10, w: 40, h: 40 },
})
/** One page: bg, a, b bottom to top. */
const plain = squareCard('pages-card', [
  { id: 'bg', type: 'shape', fill: '#ffffff', locked: true },
  shape('a', 10),
  shape('b', 60),
])
const run = (t: Template, ...actions: DesignerAction[]) => actions.reduce(designerReducer, initialState(t))
const ids = (t: Template, page = 0) => onPage(t, page).layers.map((l) => l.id)
const names = (t: Template) => templatePages(t).map((p) => `${p.id}:${p.name}`)
/** The document parses as a saved one would (what the server checks on save). */
const valid = (t: Template) => parseTemplate(JSON.parse(JSON.stringify(t)))

describe('pages in the designer (ADR 0198)', () => {
  it('add a blank page after the one shown and show it; new layers land on it; one undo step takes it away', () => {
    const s = run(plain, { type: 'addPage', word: 'Page' })
    expect(names(s.document)).toEqual(['page-1:Page 1', 'page-2:Page 2'])
    expect(s.pageId).toBe('page-2')
    expect(ids(s.document, 1)).toEqual([])
    // Every layer names its page once there are two, so a reorder of pages moves no layer.
    expect(s.document.layers.every((l) => l.page === 'page-1')).toBe(true)
    const added = designerReducer(s, { type: 'add', layer: shape('c', 0) as never })
    expect(ids(added.document, 1)).toEqual(['c'])
    expect(ids(added.document, 0)).toEqual(['bg', 'a', 'b'])
    valid(added.document)
    const undone = run(plain, { type: 'addPage', word: 'Page' }, { type: 'undo' })
    expect(undone.document).toBe(plain)
    expect(pageCount(undone.document)).toBe(1)
    expect(templatePages(undone.document)[0]?.id).toBe(undone.pageId ?? 'page-1')
  })

  it('duplicate a page with layers of their own ids, move pages, rename one, and delete back to a plain design', () => {
    let s = run(plain, { type: 'addPage', word: 'Page', duplicate: true })
    expect(names(s.document)).toEqual(['page-1:Page 1', 'page-2:Page 2'])
    expect(ids(s.document, 1)).toEqual(['bg-2', 'a-2', 'b-2'])
    valid(s.document)
    s = designerReducer(s, { type: 'movePage', pageId: 'page-2', to: 0 })
    expect(names(s.document)).toEqual(['page-2:Page 2', 'page-1:Page 1'])
    expect(s.pageId).toBe('page-2')
    // The first page, shown without a page id, stays shown when it moves.
    const first = designerReducer(
      run(plain, { type: 'addPage', word: 'Page' }, { type: 'showPage', pageId: 'page-1' }),
      {
        type: 'movePage',
        pageId: 'page-1',
        to: 1,
      },
    )
    expect(first.pageId).toBe('page-1')
    const fresh = designerReducer(
      { ...run(plain, { type: 'addPage', word: 'Page' }), pageId: undefined },
      { type: 'movePage', pageId: 'page-1', to: 1 },
    )
    expect(fresh.pageId).toBe('page-1')
    expect(ids(s.document, 0)).toEqual(['bg-2', 'a-2', 'b-2'])
    s = designerReducer(s, { type: 'renamePage', pageId: 'page-1', name: '  Back  ' })
    expect(names(s.document)).toEqual(['page-2:Page 2', 'page-1:Back'])
    // The page shown goes, its layers with it, and the page before it is shown.
    s = designerReducer(s, { type: 'removePage', pageId: 'page-2' })
    expect(s.document).not.toHaveProperty('pages')
    expect(s.document.layers.map((l) => l.id)).toEqual(['bg', 'a', 'b'])
    expect(s.document.layers.every((l) => !('page' in l))).toBe(true)
    expect(designerReducer(s, { type: 'removePage', pageId: 'page-1' })).toBe(s)
  })

  it('keep reorder, select all and paste to the page shown', () => {
    let s = run(plain, { type: 'addPage', word: 'Page', duplicate: true })
    s = designerReducer(s, { type: 'reorder', id: 'a-2', to: 'top' })
    expect(ids(s.document, 1)).toEqual(['bg-2', 'b-2', 'a-2'])
    expect(ids(s.document, 0)).toEqual(['bg', 'a', 'b'])
    const clip = copyLayers(s.document, 'square', ['b-2'])
    if (!clip) throw new Error('nothing was copied')
    s = designerReducer(s, { type: 'showPage', pageId: 'page-1' })
    expect(s.selection).toEqual([])
    s = designerReducer(s, { type: 'paste', clip })
    expect(ids(s.document, 0)).toHaveLength(4)
    expect(s.document.layers.find((l) => l.id === s.selection[0])?.page).toBe('page-1')
    valid(s.document)
  })

  it('carry groups into a duplicated page as groups of their own', () => {
    const g = run(plain, { type: 'select', ids: ['a', 'b'] }, { type: 'group', name: 'Group' })
    const s = designerReducer(g, { type: 'addPage', word: 'Page', duplicate: true })
    const copies = onPage(s.document, 1).layers.filter((l) => l.group !== undefined)
    expect(copies.map((l) => l.id)).toEqual(['a-2', 'b-2'])
    expect(copies[0]?.group).not.toBe('group')
    expect(s.document.groups).toHaveLength(2)
    valid(s.document)
  })
})
