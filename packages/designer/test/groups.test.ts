import { parseTemplate, type Template, templateSchema } from '@templet/template'
import { describe, expect, it } from 'vitest'
import {
  boxIn,
  copyLayers,
  type DesignerAction,
  designerReducer,
  enteredGroup,
  initialState,
  pasteLayers,
  selectedGroups,
} from '../src/index'
import { squareCard } from './card'

const shape = (id: string, x: number) => ({
  id,
  type: 'shape',
  fill: '#000000',
  box: { x, y: 10, w: 40, h: 40 },
})
/** bg, a, b, c, d bottom to top. */
const plain = squareCard('groups-card', [
  { id: 'bg', type: 'shape', fill: '#ffffff', locked: true },
  shape('a', 10),
  shape('b', 60),
  shape('c', 110),
  shape('d', 160),
])
const run = (t: Template, ...actions: DesignerAction[]) => actions.reduce(designerReducer, initialState(t))
const ids = (t: Template) => t.layers.map((l) => l.id)
const groupOfLayer = (t: Template, id: string) => t.layers.find((l) => l.id === id)?.group
/** a and c grouped as "Group 1". */
const grouped = () => run(plain, { type: 'select', ids: ['a', 'c'] }, { type: 'group', name: 'Group' })

describe('groups', () => {
  it('group the selected layers next to the topmost of them, named Group 1, in one undo step', () => {
    const s = grouped()
    expect(ids(s.document)).toEqual(['bg', 'b', 'a', 'c', 'd'])
    expect(s.document.groups).toEqual([{ id: 'group', name: 'Group 1' }])
    expect(groupOfLayer(s.document, 'a')).toBe('group')
    expect(groupOfLayer(s.document, 'c')).toBe('group')
    expect(groupOfLayer(s.document, 'b')).toBeUndefined()
    expect(s.selection).toEqual(['a', 'c'])
    expect(s.past).toHaveLength(1)
    expect(parseTemplate(s.document)).toEqual(s.document)
    const undone = designerReducer(s, { type: 'undo' })
    expect(undone.document).toBe(plain)
    expect(designerReducer(undone, { type: 'redo' }).document).toBe(s.document)
  })

  it('leave a design that never had one as it was: no groups key, no group on any layer', () => {
    expect(plain).not.toHaveProperty('groups')
    const s = run(
      plain,
      { type: 'select', ids: ['a', 'b'] },
      { type: 'group', name: 'Group' },
      { type: 'ungroup' },
    )
    expect(s.document).not.toHaveProperty('groups')
    expect(JSON.stringify(s.document)).toBe(JSON.stringify({ ...plain, layers: s.document.layers }))
    expect(s.document.layers.every((l) => !('group' in l))).toBe(true)
    expect(s.past).toHaveLength(2)
    // A single layer makes no group.
    expect(run(plain, { type: 'select', ids: ['a'] }, { type: 'group', name: 'Group' }).past).toHaveLength(0)
  })

  it('are refused by the model when a layer names a group the template does not have', () => {
    const { groups: _, ...broken } = grouped().document
    expect(() => parseTemplate(broken)).toThrow(/no group "group"/)
  })

  it('a click on a member selects the whole group; within, only the member; Escape finds the group again', () => {
    const s = grouped()
    const one = designerReducer(s, { type: 'select', ids: ['c'] })
    expect(one.selection).toEqual(['a', 'c'])
    expect(selectedGroups(one.document, one.selection)).toEqual(['group'])
    expect(enteredGroup(one.document, one.selection)).toBeUndefined()
    const inside = designerReducer(one, { type: 'select', ids: ['c'], within: true })
    expect(inside.selection).toEqual(['c'])
    expect(enteredGroup(inside.document, inside.selection)).toBe('group')
    // Shift-click on a member adds or takes away the whole group.
    const added = designerReducer(designerReducer(s, { type: 'select', ids: ['b'] }), {
      type: 'select',
      ids: ['a'],
      toggle: true,
    })
    expect(added.selection).toEqual(['b', 'a', 'c'])
    expect(designerReducer(added, { type: 'select', ids: ['c'], toggle: true }).selection).toEqual(['b'])
    // A Shift-marquee touching both members toggles the group once.
    expect(designerReducer(s, { type: 'select', ids: ['a', 'c', 'b'], toggle: true }).selection).toEqual([
      'b',
    ])
    expect(
      designerReducer(designerReducer(s, { type: 'select', ids: [] }), {
        type: 'select',
        ids: ['a', 'c'],
        toggle: true,
      }).selection,
    ).toEqual(['a', 'c'])
  })

  it('move as one: every member by the same amount', () => {
    const s = designerReducer(designerReducer(grouped(), { type: 'select', ids: ['a'] }), {
      type: 'move',
      dx: 5,
      dy: 7,
    })
    expect(boxIn(s.document, s.document.layers[2] as never, 'square')).toMatchObject({ x: 15, y: 17 })
    expect(boxIn(s.document, s.document.layers[3] as never, 'square')).toMatchObject({ x: 115, y: 17 })
  })

  it('align as one box, the members keeping their places in it', () => {
    const s = run(
      plain,
      { type: 'select', ids: ['a', 'b'] },
      { type: 'group', name: 'Group' },
      {
        type: 'align',
        edge: 'right',
      },
    )
    // One unit aligns to the page: the group's right edge on the page's right edge.
    const box = (id: string) =>
      boxIn(s.document, s.document.layers.find((l) => l.id === id) as never, 'square')
    expect(box('b').x).toBe(360)
    expect(box('a').x).toBe(310)
  })

  it('duplicate as a new group with a unique name, above the original group', () => {
    const s = designerReducer(grouped(), { type: 'duplicate' })
    expect(ids(s.document)).toEqual(['bg', 'b', 'a', 'c', 'a-copy', 'c-copy', 'd'])
    expect(s.document.groups).toEqual([
      { id: 'group', name: 'Group 1' },
      { id: 'group-2', name: 'Group 2' },
    ])
    expect(groupOfLayer(s.document, 'a-copy')).toBe('group-2')
    expect(groupOfLayer(s.document, 'c-copy')).toBe('group-2')
    expect(s.selection).toEqual(['a-copy', 'c-copy'])
    expect(s.past).toHaveLength(2)
    expect(parseTemplate(s.document)).toEqual(s.document)
  })

  it('copy and paste as a new group; a member pasted alone comes ungrouped', () => {
    const s = grouped()
    const clip = copyLayers(s.document, 'square', s.selection)
    expect(clip?.groups).toEqual([{ id: 'group', name: 'Group 1' }])
    const pasted = pasteLayers(s.document, 'square', clip as never)
    expect(pasted.ids).toEqual(['a-2', 'c-2'])
    expect(pasted.document.groups).toEqual([
      { id: 'group', name: 'Group 1' },
      { id: 'group-2', name: 'Group 2' },
    ])
    expect(groupOfLayer(pasted.document, 'a-2')).toBe('group-2')
    expect(templateSchema.parse(pasted.document)).toEqual(pasted.document)
    // Into a design without groups, the group keeps its id and name.
    const elsewhere = pasteLayers(plain, 'square', clip as never)
    expect(elsewhere.document.groups).toEqual([{ id: 'group', name: 'Group 1' }])
    const alone = pasteLayers(s.document, 'square', copyLayers(s.document, 'square', ['a']) as never)
    expect(groupOfLayer(alone.document, alone.ids[0] as string)).toBeUndefined()
    expect(alone.document.groups).toHaveLength(1)
  })

  it('delete as a unit; a group left with one member dissolves', () => {
    const gone = designerReducer(grouped(), { type: 'delete' })
    expect(ids(gone.document)).toEqual(['bg', 'b', 'd'])
    expect(gone.document).not.toHaveProperty('groups')
    const one = run(
      plain,
      { type: 'select', ids: ['a', 'c'] },
      { type: 'group', name: 'Group' },
      { type: 'select', ids: ['a'], within: true },
      { type: 'delete' },
    )
    expect(ids(one.document)).toEqual(['bg', 'b', 'c', 'd'])
    expect(one.document).not.toHaveProperty('groups')
    expect(groupOfLayer(one.document, 'c')).toBeUndefined()
  })

  it('move in the layer order as a unit, past whole groups; a member only among its members', () => {
    const s = grouped()
    const up = designerReducer(s, { type: 'reorder', id: 'group', to: 'up' })
    expect(ids(up.document)).toEqual(['bg', 'b', 'd', 'a', 'c'])
    expect(ids(designerReducer(s, { type: 'reorder', id: 'group', to: 'bottom' }).document)).toEqual([
      'a',
      'c',
      'bg',
      'b',
      'd',
    ])
    // A layer of no group jumps the whole group.
    expect(ids(designerReducer(s, { type: 'reorder', id: 'b', to: 'up' }).document)).toEqual([
      'bg',
      'a',
      'c',
      'b',
      'd',
    ])
    // A member stays inside its group.
    expect(ids(designerReducer(s, { type: 'reorder', id: 'a', to: 'up' }).document)).toEqual([
      'bg',
      'b',
      'c',
      'a',
      'd',
    ])
    expect(designerReducer(s, { type: 'reorder', id: 'c', to: 'up' })).toBe(s)
    expect(designerReducer(s, { type: 'reorder', id: 'a', to: 0 })).toBe(s)
  })

  it('lock, hide and rename as a group in one step; ungroup keeps the layers selected', () => {
    const s = run(
      plain,
      { type: 'select', ids: ['a', 'c'] },
      { type: 'group', name: 'Group' },
      { type: 'updateGroup', id: 'group', patch: { hidden: true } },
      { type: 'renameGroup', id: 'group', name: ' Logo ' },
    )
    expect(s.document.layers.filter((l) => l.hidden).map((l) => l.id)).toEqual(['a', 'c'])
    expect(s.document.groups).toEqual([{ id: 'group', name: 'Logo' }])
    expect(s.past).toHaveLength(3)
    const un = designerReducer(s, { type: 'ungroup' })
    expect(un.document).not.toHaveProperty('groups')
    expect(un.selection).toEqual(['a', 'c'])
    expect(ids(un.document)).toEqual(['bg', 'b', 'a', 'c', 'd'])
  })

  it('grouping layers of a group and others makes one new group, the old one dissolved', () => {
    const s = run(
      plain,
      { type: 'select', ids: ['a', 'b'] },
      { type: 'group', name: 'Group' },
      { type: 'select', ids: ['a', 'd'] },
      { type: 'group', name: 'Group' },
    )
    expect(s.selection).toEqual(['a', 'b', 'd'])
    expect(ids(s.document)).toEqual(['bg', 'c', 'a', 'b', 'd'])
    expect(s.document.groups).toEqual([{ id: 'group-2', name: 'Group 2' }])
  })
})
