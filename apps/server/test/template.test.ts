import type { TemplateDetail, TemplateSummary } from '@templet/api/contract'
import { loadCatalogue, sampleImages } from '@templet/catalogue'
import { renderPreview } from '@templet/render'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines, startServer, type TestServer } from './harness'

describe.each(engines)('templates on %s', (engine) => {
  let s: TestServer
  const catalogue = loadCatalogue()
  beforeAll(async () => {
    s = await startServer(engine)
  })
  afterAll(() => s.close())

  const list = (query: Record<string, string | number> = {}) =>
    s.call<TemplateSummary[]>('GET', '/template/list', { query })

  it('lists every template of the catalogue to anyone, with numeric ids and both languages', async () => {
    const r = await list({ pageSize: 100 })
    expect(r.code).toBe(0)
    expect(r.total).toBe(catalogue.templates.length)
    expect(r.data.map((t) => t.slug).sort()).toEqual(catalogue.templates.map((t) => t.id).sort())
    const first = catalogue.templates[0]
    const row = r.data.find((t) => t.slug === first?.id)
    expect(row).toMatchObject({
      name: first?.name.en,
      names: first?.name,
      width: first?.sizes[0]?.width,
      height: first?.sizes[0]?.height,
    })
  })

  it('filters by type, searches names in either language and pages with a total', async () => {
    const types = (await s.call('GET', '/template-type/list')).data as {
      id: number
      slug: string
      templateCount: number
    }[]
    for (const type of types) {
      const r = await list({ typeId: type.id, pageSize: 100 })
      expect(r.total).toBe(type.templateCount)
      expect(r.data.every((t) => t.typeId === type.id)).toBe(true)
      expect(r.data.map((t) => t.slug).sort()).toEqual(
        catalogue.templates
          .filter((t) => t.typeId === type.slug)
          .map((t) => t.id)
          .sort(),
      )
    }
    const t = catalogue.templates[1] ?? catalogue.templates[0]
    if (!t) throw new Error('empty catalogue')
    const en = await list({ q: t.name.en.toUpperCase() })
    expect(en.data.map((x) => x.slug)).toContain(t.id)
    const zh = await list({ q: t.name['zh-CN'] })
    expect(zh.data.map((x) => x.slug)).toContain(t.id)
    expect((await list({ q: 'no template is called this' })).total).toBe(0)
    const all = await list({ pageSize: 100 })
    const page2 = await list({ page: 2, pageSize: 2 })
    expect(page2.data.map((x) => x.id)).toEqual(all.data.slice(2, 4).map((x) => x.id))
    expect(page2.total).toBe(all.total)
    expect((await list({ typeId: 999_999 })).total).toBe(0)
    expect((await list({ pageSize: 0 })).code).toBe(400)
    expect((await list({ typeId: 'abc' })).msg).toBe('typeId: typeId must be a number')
  })

  it('details a template with its sizes and localised fields, and 404 for an unknown id', async () => {
    const summary = (await list({ pageSize: 100 })).data[0] as TemplateSummary
    const source = catalogue.templates.find((t) => t.id === summary.slug)
    if (!source) throw new Error('not in the catalogue')
    const r = await s.call<TemplateDetail>('GET', '/template/detail', { query: { id: summary.id } })
    expect(r.code).toBe(0)
    expect(r.data).toMatchObject(summary)
    expect(r.data.sizes.map((x) => x.id)).toEqual(source.sizes.map((x) => x.id))
    expect(r.data.sizes[0]).toMatchObject({
      label: source.sizes[0]?.label.en,
      labels: source.sizes[0]?.label,
    })
    expect(r.data.fields.map((f) => [f.key, f.kind, f.label, f.labels])).toEqual(
      source.fields.map((f) => [f.key, f.kind, f.label.en, f.label]),
    )
    expect(r.data.samples).toEqual(source.samples)
    expect((await s.call('GET', '/template/detail', { query: { id: 999_999 } })).code).toBe(404)
    expect((await s.call('GET', '/template/detail', { query: {} })).code).toBe(400)
  })

  it('serves public template thumbnails in each language', async () => {
    const t = (await list()).data[0] as TemplateSummary
    for (const url of [t.thumbnailUrl, t.thumbnailUrls['zh-CN']]) {
      const res = await fetch(`${s.url}${url}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('cache-control')).toContain('public')
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata()
      expect(meta.format).toBe('webp')
      expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(480)
    }
    expect((await fetch(`${s.url}/api/file/template/999999/en.webp`)).status).toBe(404)
  })

  it("draws a template's sample photo into its thumbnail, not the empty-image placeholder", async () => {
    const withPhoto = catalogue.templates.find((t) =>
      Object.values(t.samples.en).some((v) => typeof v === 'string' && v.startsWith('sample:')),
    )
    if (!withPhoto) throw new Error('no catalogue template has a sample photo')
    const summary = (await list({ pageSize: 100 })).data.find((t) => t.slug === withPhoto.id)
    const served = Buffer.from(await (await fetch(`${s.url}${summary?.thumbnailUrl}`)).arrayBuffer())
    const pixels = (data: Buffer) => sharp(data).raw().toBuffer()
    const render = async (images?: typeof sampleImages) =>
      (await renderPreview(withPhoto, withPhoto.samples.en, { maxSide: 480, format: 'webp', images })).data
    // Compared as booleans: a failing toEqual would diff ~700k bytes.
    const shown = await pixels(served)
    expect(shown.equals(await pixels(await render(sampleImages)))).toBe(true)
    expect(shown.equals(await pixels(await render()))).toBe(false)
  })

  it('shows the first page of a catalogue template of several pages as its thumbnail', async () => {
    const withPages = catalogue.templates.find((t) => (t.pages?.length ?? 0) > 1)
    if (!withPages) throw new Error('no catalogue template has several pages')
    const summary = (await list({ pageSize: 100 })).data.find((t) => t.slug === withPages.id)
    const served = Buffer.from(await (await fetch(`${s.url}${summary?.thumbnailUrl}`)).arrayBuffer())
    const pixels = (data: Buffer) => sharp(data).raw().toBuffer()
    const page = async (n: number) =>
      pixels(
        (
          await renderPreview(withPages, withPages.samples.en, {
            page: n,
            maxSide: 480,
            format: 'webp',
            images: sampleImages,
          })
        ).data,
      )
    const shown = await pixels(served)
    expect(shown.equals(await page(0))).toBe(true)
    expect(shown.equals(await page(1))).toBe(false)
  })
})
