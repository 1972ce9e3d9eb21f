import type { Template, TemplateInput } from '@templet/template'
import { describe, expect, expectTypeOf, it } from 'vitest'
import type { z } from 'zod'
import { toFieldIssues } from './issues'
import {
  type TemplateDocumentData,
  type TemplateSaveBody,
  templateDocumentData,
  templateSaveBody,
} from './template-library'

// A document the model would refuse (no sizes, fields or layers): the contract leaves that to the server.
const document = { id: 'card', typeId: 'cards' }

describe('the template library contract', () => {
  it('types the document as the model does: parsed in an answer, as written in a body', () => {
    expectTypeOf<TemplateDocumentData['document']>().toEqualTypeOf<Template>()
    expectTypeOf<z.infer<typeof templateSaveBody>['document']>().toEqualTypeOf<TemplateInput>()
    expectTypeOf<TemplateSaveBody['document']>().toEqualTypeOf<TemplateInput>()
  })

  it('takes any object as the document, unchanged, for the model to judge', () => {
    const body = templateSaveBody.parse({ name: 'Card', document })
    expect(body.document).toBe(document)
    const answer = templateDocumentData.parse({ id: 1, version: 2, name: 'Card', readOnly: false, document })
    expect(answer.document).toBe(document)
  })

  it.each([
    ['a number', 3],
    ['a string', '{"id":"card"}'],
    ['an array', [document]],
    ['null', null],
  ])('refuses %s as the document, saying it must be an object', (_, value) => {
    const result = templateSaveBody.safeParse({ name: 'Card', document: value })
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['document'], message: 'document must be an object' }),
    ])
    expect(toFieldIssues(result.error?.issues ?? [], { document: value })).toEqual([
      { path: ['document'], code: 'invalid_type', params: { expected: 'record' } },
    ])
  })

  it('names a missing document as required', () => {
    const result = templateSaveBody.safeParse({ name: 'Card' })
    expect(toFieldIssues(result.error?.issues ?? [], {})).toEqual([
      { path: ['document'], code: 'required', params: { expected: 'record' } },
    ])
  })
})
