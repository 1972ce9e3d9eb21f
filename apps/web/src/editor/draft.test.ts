import { afterEach, describe, expect, it } from 'vitest'
import { clearDraft, readDraft, writeDraft } from './draft'

describe('the editor’s draft', () => {
  afterEach(() => sessionStorage.clear())

  it('keeps the values and size of each template apart, until cleared', () => {
    writeDraft(1, { values: { title: 'Hello' }, sizeId: 'square' })
    writeDraft(2, { values: { title: 'Other' } })
    expect(readDraft(1)).toEqual({ values: { title: 'Hello' }, sizeId: 'square' })
    expect(readDraft(2)).toEqual({ values: { title: 'Other' }, sizeId: undefined })
    clearDraft(1)
    expect(readDraft(1)).toBeUndefined()
    expect(readDraft(2)).toBeDefined()
  })

  it('reads nothing from a draft it cannot trust, and drops values that are not text', () => {
    for (const stored of ['{oops', '[]', 'null', '"text"', '{"sizeId":"square"}', '{"values":3}']) {
      sessionStorage.setItem('templet.draft.5', stored)
      expect(readDraft(5), stored).toBeUndefined()
    }
    sessionStorage.setItem('templet.draft.5', '{"values":{"title":"Hi","count":3,"nested":{}},"sizeId":4}')
    expect(readDraft(5)).toEqual({ values: { title: 'Hi' }, sizeId: undefined })
  })
})
