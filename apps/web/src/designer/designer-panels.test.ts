import { afterEach, describe, expect, it } from 'vitest'
import { readDesignerPanels, writeDesignerPanels } from './designer-panels'

describe("the designer's folded panels", () => {
  afterEach(() => localStorage.clear())

  it('are kept across designs', () => {
    expect(readDesignerPanels()).toBeUndefined()
    writeDesignerPanels({ layers: false, properties: true })
    expect(readDesignerPanels()).toEqual({ layers: false, properties: true })
  })

  it('open as the default when what is kept is not theirs', () => {
    for (const garbage of ['{not json', '7', 'null', '[]', '"x"']) {
      localStorage.setItem('templet.designer.panels', garbage)
      expect(readDesignerPanels(), garbage).toBeUndefined()
    }
  })
})
