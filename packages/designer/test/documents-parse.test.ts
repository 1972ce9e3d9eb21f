import { parseTemplate } from '@templet/template'
import { describe, expect, it } from 'vitest'
import {
  type DesignerAction,
  type DesignerState,
  designerKinds,
  designerReducer,
  initialState,
  markColorField,
  markTextField,
  newLayer,
} from '../src/index'
import { twoSizeCard } from './card'

const template = twoSizeCard('parse-card', [{ id: 'bg', type: 'shape', fill: '#ffffff', locked: true }])

/** A small deterministic generator, so a failure names the seed that makes it again. */
function random(seed: number) {
  let s = seed
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31
    return s / 2 ** 31
  }
}

const words = { text: 'Your text', link: 'https://example.com', image: { en: 'Image', 'zh-CN': '图片' } }
/** Every item of the Add menu that makes a layer at once. */
const kinds = designerKinds.addMenu(false).map((a) => a.id)

/** One action a designer could take on the state, chosen by `r`. */
function someAction(s: DesignerState, r: () => number): DesignerAction {
  const ids = s.document.layers.map((l) => l.id)
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)] as T
  const id = pick(ids)
  const n = (lo: number, hi: number) => Math.round(lo + r() * (hi - lo))
  switch (n(0, 13)) {
    case 0:
    case 1: {
      const { layer, field } = newLayer(s.document, s.sizeId, pick(kinds), words)
      return { type: 'add', layer, field }
    }
    case 2:
      return { type: 'select', ids: ids.filter(() => r() < 0.4) }
    case 3:
      return { type: 'move', dx: n(-50, 50), dy: n(-50, 50) }
    case 4:
      return { type: 'setBox', id, box: { x: n(-20, 300), y: n(-20, 300), w: n(1, 300), h: n(1, 300) } }
    case 5:
      return { type: 'update', id, patch: { rotation: n(-180, 180) || undefined } }
    case 6:
      return { type: 'align', edge: pick(['left', 'center', 'right', 'top', 'middle', 'bottom'] as const) }
    case 7:
      return { type: 'distribute', axis: pick(['x', 'y'] as const) }
    case 8:
      return { type: r() < 0.5 ? 'duplicate' : 'delete' }
    case 9:
      return { type: 'reorder', id, to: pick(['up', 'down', 'top', 'bottom'] as const) }
    case 10:
      return {
        type: 'replace',
        document: r() < 0.5 ? markTextField(s.document, id) : markColorField(s.document, id, 'fill', 'Fill'),
      }
    case 11:
      return { type: 'showSize', sizeId: pick(['square', 'banner']) }
    case 12:
      return { type: r() < 0.5 ? 'undo' : 'redo' }
    default:
      return {
        type: 'update',
        id,
        patch: { hidden: r() < 0.5 || undefined, locked: r() < 0.3 || undefined, name: `Layer ${n(1, 9)}` },
      }
  }
}

describe('every document the designer hands out', () => {
  it('parses, over many random sequences of actions', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const r = random(seed)
      let s = initialState(template)
      for (let step = 0; step < 60; step++) {
        const action = someAction(s, r)
        s = designerReducer(s, action)
        try {
          parseTemplate(s.document)
        } catch (e) {
          throw new Error(`seed ${seed}, step ${step}, ${JSON.stringify(action)}: ${(e as Error).message}`)
        }
      }
      expect(s.past.length).toBeLessThanOrEqual(100)
    }
  })
})
