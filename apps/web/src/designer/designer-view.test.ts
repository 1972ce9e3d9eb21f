import { afterEach, describe, expect, it } from 'vitest'
import { readDesignerView, writeDesignerView } from './designer-view'

describe("the designer's rulers and grid", () => {
  afterEach(() => localStorage.clear())

  it('are kept across designs, with the grid’s spacing', () => {
    expect(readDesignerView()).toBeUndefined()
    writeDesignerView({ rulers: true, grid: false, gridSpacing: 20 })
    expect(readDesignerView()).toEqual({ rulers: true, grid: false, gridSpacing: 20 })
  })

  it('open as the default when what is kept is not theirs', () => {
    for (const garbage of ['{not json', '7', 'null', '[]', '"x"']) {
      localStorage.setItem('templet.designer.view', garbage)
      expect(readDesignerView(), garbage).toBeUndefined()
    }
    localStorage.setItem('templet.designer.view', '{"rulers":"yes","gridSpacing":"8"}')
    expect(readDesignerView()).toEqual({ rulers: false, grid: false })
  })
})
