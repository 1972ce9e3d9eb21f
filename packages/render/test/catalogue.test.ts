import { loadCatalogue } from '@templet/catalogue'
import { templatePages } from '@templet/template'
import { describe, expect, it } from 'vitest'
import { renderPreview, validateValues } from '../src/index'

// What the catalogue's files hold is checked in @templet/catalogue; here, that the renderer draws them.
describe('the catalogue', () => {
  it('draws the samples of every template on every page, in every size and both languages, without cutting a text', async () => {
    const cut: string[] = []
    for (const t of loadCatalogue().templates)
      for (const [page, { id: pageId }] of templatePages(t).entries())
        for (const size of t.sizes)
          for (const locale of ['en', 'zh-CN'] as const) {
            // Text is laid out in the size's own pixels whatever the scale, so a thumbnail without the photos
            // tells the same cuts as the full render at a fraction of the time.
            const p = await renderPreview(t, t.samples[locale], {
              sizeId: size.id,
              page,
              locale,
              maxSide: 96,
              format: 'png',
            })
            for (const layer of p.truncated) cut.push(`${t.id} ${pageId} ${size.id} ${locale}: ${layer}`)
          }
    expect(cut).toEqual([])
  })

  it('sample values of every template are valid for its fields, in both languages', () => {
    for (const t of loadCatalogue().templates) {
      expect(validateValues(t, t.samples.en), `${t.id} en`).toEqual([])
      expect(validateValues(t, t.samples['zh-CN']), `${t.id} zh-CN`).toEqual([])
    }
  })
})
