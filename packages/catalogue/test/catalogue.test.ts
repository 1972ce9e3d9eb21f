import { readFileSync } from 'node:fs'
import { DOCUMENT_LIMITS, documentCost, parseTemplate, srcRefs } from '@templet/template'
import { describe, expect, it } from 'vitest'
import { CATALOGUE_DIR, catalogueFiles, loadCatalogue, sampleImageFile, sampleImages } from '../src/index'

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

  it('samples give every field of every template a value in English and in Chinese', () => {
    for (const t of loadCatalogue().templates)
      for (const locale of ['en', 'zh-CN'] as const)
        expect(
          t.fields.filter((f) => !(t.samples[locale][f.key] ?? '').trim()).map((f) => f.key),
          `${t.id} ${locale}`,
        ).toEqual([])
  })

  it('has a file for every sample image its templates name, as a photograph or a fixed image', async () => {
    const refs = new Set<string>()
    for (const t of loadCatalogue().templates) {
      for (const locale of ['en', 'zh-CN'] as const)
        for (const v of Object.values(t.samples[locale])) if (v.startsWith('sample:')) refs.add(v)
      for (const layer of t.layers)
        if (layer.type === 'image') for (const { ref } of srcRefs(layer)) refs.add(ref)
    }
    expect(refs.size).toBeGreaterThan(0)
    const missing: string[] = []
    for (const ref of refs) if (!(await sampleImageFile(ref))) missing.push(ref)
    expect(missing).toEqual([])
  })
})

describe("the catalogue's own images", () => {
  it('name a sample photograph (JPEG) or a logo (PNG), and nothing outside the folder', async () => {
    expect(await sampleImageFile('sample:dusk')).toMatchObject({ type: 'image/jpeg' })
    expect(await sampleImageFile('sample:logo-peak')).toMatchObject({ type: 'image/png' })
    for (const ref of ['sample:../package', 'sample:Logo', 'sample:', 'sample:missing', '12', 'logo-peak'])
      expect(await sampleImageFile(ref)).toBeUndefined()
    expect((await sampleImages('sample:logo-fern'))?.subarray(1, 4).toString()).toBe('PNG')
    expect(await sampleImages('logo-fern')).toBeUndefined()
  })
})
