import { describe, expect, it } from 'vitest'
import { designerReducer, initialState } from '../src/index'
import { squareCard } from './card'

const template = squareCard(
  'order-card',
  ['a', 'b', 'c', 'd'].map((id) => ({ id, type: 'shape', fill: '#ffffff' })),
)
const ids = (s: ReturnType<typeof initialState>) => s.document.layers.map((l) => l.id)

describe('reordering layers', () => {
  it('moves a layer to any index (a drop in the layers panel) as one undo step', () => {
    const s = designerReducer(initialState(template), { type: 'reorder', id: 'a', to: 2 })
    expect(ids(s)).toEqual(['b', 'c', 'a', 'd'])
    expect(s.past).toHaveLength(1)
    expect(ids(designerReducer(s, { type: 'undo' }))).toEqual(['a', 'b', 'c', 'd'])
  })

  it('leaves no step for a drop where the layer already is, or outside the list', () => {
    const start = initialState(template)
    expect(designerReducer(start, { type: 'reorder', id: 'b', to: 1 })).toBe(start)
    expect(designerReducer(start, { type: 'reorder', id: 'b', to: 9 })).toBe(start)
  })
})
