import { readFileSync } from 'node:fs'
import { DOCUMENT_LIMITS, documentCost, parseTemplate } from '@templet/template'
import { describe, expect, it } from 'vitest'
import { CATALOGUE_DIR, catalogueFiles } from '../src/catalogue'
import { loadCatalogue, renderPreview, validateValues } from '../src/index'

describe('the catalogue', () => {
  it.each(catalogueFiles())('template file %s parses with the schema', (file) => {
    const json = JSON.parse(readFileSync(`${CATALOGUE_DIR}/templates/${file}`, 'utf8'))
    const t = parseTemplate(json)
    expect(`${t.id}.json`).toBe(file)
  })

  it('keeps every template far within what a saved document may cost to draw', () => {
    for (const t of loadCatalogue().templates) {
      const cost = documentCost(t)
      expect(cost.layers, t.id).toBeLessThanOrEqual(DOCUMENT_LIMITS.layers / 10)
      expect(cost.sizes, t.id).toBeLessThanOrEqual(DOCUMENT_LIMITS.sizes / 5)
      expect(Math.max(0, ...cost.layerText.values()), t.id).toBeLessThanOrEqual(
        DOCUMENT_LIMITS.layerText / 10,
      )
      expect(cost.totalText, t.id).toBeLessThanOrEqual(DOCUMENT_LIMITS.totalText / 10)
      expect(cost.megapixels, t.id).toBeLessThanOrEqual(DOCUMENT_LIMITS.megapixels / 10)
    }
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

  it('has at least 40 templates over at least 8 types, with at least 3 templates in each type', () => {
    const { types, templates } = loadCatalogue()
    expect(templates.length).toBeGreaterThanOrEqual(40)
    expect(types.length).toBeGreaterThanOrEqual(8)
    for (const ty of types)
      expect(templates.filter((t) => t.typeId === ty.id).length, ty.id).toBeGreaterThanOrEqual(3)
  })

  it('draws the samples of every template in every size and both languages without cutting a text', async () => {
    const cut: string[] = []
    for (const t of loadCatalogue().templates)
      for (const size of t.sizes)
        for (const locale of ['en', 'zh-CN'] as const) {
          // Text is laid out in the size's own pixels whatever the scale, so a thumbnail without the photos
          // tells the same cuts as the full render at a fraction of the time.
          const p = await renderPreview(t, t.samples[locale], {
            sizeId: size.id,
            locale,
            maxSide: 96,
            format: 'png',
          })
          for (const layer of p.truncated) cut.push(`${t.id} ${size.id} ${locale}: ${layer}`)
        }
    expect(cut).toEqual([])
  })

  it('samples give every field of every template a value in English and in Chinese', () => {
    for (const t of loadCatalogue().templates)
      for (const locale of ['en', 'zh-CN'] as const)
        expect(
          t.fields.filter((f) => !(t.samples[locale][f.key] ?? '').trim()).map((f) => f.key),
          `${t.id} ${locale}`,
        ).toEqual([])
  })

  it('sample values of every template are valid for its fields, in both languages', () => {
    for (const t of loadCatalogue().templates) {
      expect(validateValues(t, t.samples.en), `${t.id} en`).toEqual([])
      expect(validateValues(t, t.samples['zh-CN']), `${t.id} zh-CN`).toEqual([])
    }
  })
})
