import { readFileSync } from 'node:fs'
import { parseTemplate } from '@templet/template'
import { describe, expect, it } from 'vitest'
import { CATALOGUE_DIR, catalogueFiles } from '../src/catalogue'
import { loadCatalogue, validateValues } from '../src/index'

describe('the catalogue', () => {
  it.each(catalogueFiles())('template file %s parses with the schema', (file) => {
    const json = JSON.parse(readFileSync(`${CATALOGUE_DIR}/templates/${file}`, 'utf8'))
    const t = parseTemplate(json)
    expect(`${t.id}.json`).toBe(file)
  })

  it('lists only types that have templates, and every template is of a listed type', () => {
    const { types, templates } = loadCatalogue()
    for (const ty of types)
      expect(
        templates.some((t) => t.typeId === ty.id),
        ty.id,
      ).toBe(true)
    for (const t of templates)
      expect(
        types.some((ty) => ty.id === t.typeId),
        t.id,
      ).toBe(true)
  })

  it('has at least 4 template types with at least 3 templates each', () => {
    const { types, templates } = loadCatalogue()
    expect(types.length).toBeGreaterThanOrEqual(4)
    for (const ty of types)
      expect(templates.filter((t) => t.typeId === ty.id).length, ty.id).toBeGreaterThanOrEqual(3)
  })

  it('sample values of every template are valid for its fields, in both languages', () => {
    for (const t of loadCatalogue().templates) {
      expect(validateValues(t, t.samples.en), `${t.id} en`).toEqual([])
      expect(validateValues(t, t.samples['zh-CN']), `${t.id} zh-CN`).toEqual([])
    }
  })
})
