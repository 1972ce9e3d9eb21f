import type { CreationDetail, OwnTemplateSummary, TemplateDetail } from '@templet/api/contract'
import { loadCatalogue } from '@templet/catalogue'
import { DOCUMENT_FORMAT } from '@templet/template'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedCatalogue } from '../src/features/templates/catalogue'
import { engines, startServer, type TestServer } from './harness'

describe.each(engines)("customers' templates on %s", (engine) => {
  let s: TestServer
  const catalogue = loadCatalogue()
  const source = catalogue.templates.find((t) => t.id === 'bold-quote')
  if (!source) throw new Error('bold-quote left the catalogue')
  beforeAll(async () => {
    s = await startServer(engine)
  })
  afterAll(() => s.close())

  const catalogueId = async () => {
    const list = await s.call('GET', '/template/list', { query: { q: source.name.en, pageSize: 100 } })
    const row = (list.data as Array<{ id: number; slug: string }>).find((t) => t.slug === source.id)
    if (!row) throw new Error('not listed')
    return row.id
  }
  /** The document of a template as the designer would send it, with one text layer's size changed. */
  const withTitleSize = (document: Record<string, unknown>, size: number) => {
    const layers = (document.layers as Array<Record<string, unknown>>).map((l) =>
      l.type === 'text' &&
      l === (document.layers as Array<Record<string, unknown>>).find((x) => x.type === 'text')
        ? { ...l, size }
        : l,
    )
    return { ...document, layers }
  }

  it('duplicates a catalogue template into the caller’s own, listed in My templates only for them', async () => {
    const owner = await s.signUp()
    const other = await s.signUp()
    const id = await catalogueId()
    const dup = await s.call('POST', '/template/duplicate', { token: owner.token, body: { id } })
    expect(dup.code).toBe(0)
    expect(dup.data).toEqual({ id: expect.any(Number), version: 1 })
    const mine = await s.call<OwnTemplateSummary[]>('GET', '/template/mine', { token: owner.token })
    expect(mine.total).toBe(1)
    expect(mine.data[0]).toMatchObject({ id: dup.data.id, name: source.name.en, version: 1 })
    expect((await s.call('GET', '/template/mine', { token: other.token })).total).toBe(0)
    // The catalogue lists do not show customers' templates.
    const all = await s.call('GET', '/template/list', { query: { pageSize: 100 } })
    expect(all.total).toBe(catalogue.templates.length)
    // Its thumbnail is signed: it loads for the owner's URL, not without the signature.
    const thumb = mine.data[0]?.thumbnailUrl ?? ''
    expect((await fetch(`${s.url}${thumb}`)).status).toBe(200)
    expect((await fetch(`${s.url}${thumb.split('?')[0]}`)).status).toBe(404)
  })

  it('refuses a save from an older version with a 409, so two editors never overwrite each other', async () => {
    const { token } = await s.signUp()
    const doc = await s.call('GET', '/template/document', { token, query: { id: await catalogueId() } })
    const v1 = await s.call('POST', '/template/save', {
      token,
      body: { name: 'Q', document: doc.data.document },
    })
    const save = (size: number) =>
      s.call('POST', '/template/save', {
        token,
        body: { id: v1.data.id, baseVersion: 1, name: 'Q', document: withTitleSize(doc.data.document, size) },
      })
    // Two saves from version 1 at once: one makes version 2, the other is told.
    const both = await Promise.all([save(60), save(70)])
    expect(both.map((r) => r.code).sort()).toEqual([0, 409])
    expect(both.find((r) => r.code === 409)).toMatchObject({
      msg: expect.stringContaining('saved elsewhere since version 1 (it is now at version 2)'),
      data: { version: 2 },
    })
    const other = await s.signUp()
    const theirs = await s.call('POST', '/template/save', {
      token: other.token,
      body: { id: v1.data.id, baseVersion: 2, name: 'Q', document: doc.data.document },
    })
    expect(theirs.code).toBe(404)
  })

  it('saves new immutable versions; the document of each version opens', async () => {
    const { token } = await s.signUp()
    const doc = await s.call('GET', '/template/document', { token, query: { id: await catalogueId() } })
    expect(doc.data).toMatchObject({ readOnly: true, version: expect.any(Number) })
    const v1 = await s.call('POST', '/template/save', {
      token,
      body: { name: 'My quote', document: withTitleSize(doc.data.document, 50) },
    })
    expect(v1.data).toEqual({ id: expect.any(Number), version: 1 })
    const v2 = await s.call('POST', '/template/save', {
      token,
      body: { id: v1.data.id, name: 'My quote, bigger', document: withTitleSize(doc.data.document, 90) },
    })
    expect(v2.data).toEqual({ id: v1.data.id, version: 2 })
    const open = (version?: number) =>
      s.call('GET', '/template/document', {
        token,
        query: { id: v1.data.id, ...(version ? { version } : {}) },
      })
    const textSize = (d: { layers: Array<{ type: string; size?: number }> }) =>
      d.layers.find((l) => l.type === 'text')?.size
    expect(textSize((await open()).data.document)).toBe(90)
    expect(textSize((await open(1)).data.document)).toBe(50)
    expect((await open()).data).toMatchObject({ name: 'My quote, bigger', version: 2, readOnly: false })
    expect((await open(3)).code).toBe(404)
  })

  it('writes the document format into each saved version; refuses a document of a newer release', async () => {
    const { token } = await s.signUp()
    const doc = await s.call('GET', '/template/document', { token, query: { id: await catalogueId() } })
    // The catalogue's documents are stored as their files are, without a format (format 1), and opened upgraded.
    expect(doc.data.document.format).toBe(DOCUMENT_FORMAT)
    const saved = await s.call('POST', '/template/save', {
      token,
      body: { name: 'Formatted quote', document: doc.data.document },
    })
    const opened = await s.call('GET', '/template/document', { token, query: { id: saved.data.id } })
    expect(opened.data.document.format).toBe(DOCUMENT_FORMAT)
    const newer = await s.call('POST', '/template/save', {
      token,
      body: { name: 'From the future', document: { ...doc.data.document, format: DOCUMENT_FORMAT + 1 } },
    })
    expect(newer.code).toBe(400)
    expect(newer.msg).toMatch(/saved by a newer release of Templet.*update Templet to open it/)
    expect(newer.data.issues[0]).toMatchObject({ path: ['document', 'format'] })
  })

  it('gives two saves at once two versions', async () => {
    const { token } = await s.signUp()
    const dup = await s.call('POST', '/template/duplicate', { token, body: { id: await catalogueId() } })
    const doc = (await s.call('GET', '/template/document', { token, query: { id: dup.data.id } })).data
      .document
    const saves = await Promise.all(
      [60, 70, 80, 90].map((size) =>
        s.call('POST', '/template/save', {
          token,
          body: { id: dup.data.id, name: `size ${size}`, document: withTitleSize(doc, size) },
        }),
      ),
    )
    expect(saves.map((r) => r.data.version).sort()).toEqual([2, 3, 4, 5])
  })

  it('refuses a bad document with a 400 naming the layer and the property', async () => {
    const { token } = await s.signUp()
    const doc = (await s.call('GET', '/template/document', { token, query: { id: await catalogueId() } }))
      .data.document
    const layers = doc.layers as Array<Record<string, unknown>>
    const broken = { ...doc, layers: layers.map((l, i) => (i === 1 ? { ...l, opacity: 3 } : l)) }
    const r = await s.call('POST', '/template/save', { token, body: { name: 'Broken', document: broken } })
    expect(r.code).toBe(400)
    expect(r.msg).toContain(`layer "${layers[1]?.id}", property "opacity"`)
    expect(r.data.issues[0]).toMatchObject({
      path: ['document', 'layers', layers[1]?.id, 'opacity'],
      params: { layer: layers[1]?.id, property: 'opacity' },
    })
    const unknownType = await s.call('POST', '/template/save', {
      token,
      body: { name: 'Typeless', document: { ...doc, typeId: 'no-such-type' } },
    })
    expect(unknownType.code).toBe(400)
    expect(unknownType.msg).toBe('document.typeId: no template type "no-such-type"')
    const badName = await s.call('POST', '/template/save', {
      token,
      body: { name: 'a\u202eb', document: doc },
    })
    expect(badName.code).toBe(400)
  })

  it('keeps another user’s template, version and thumbnail a 404 everywhere', async () => {
    const owner = await s.signUp()
    const other = await s.signUp()
    const { id } = (
      await s.call('POST', '/template/duplicate', { token: owner.token, body: { id: await catalogueId() } })
    ).data
    const as = (token: string) => ({ token })
    for (const r of [
      await s.call('GET', '/template/document', { ...as(other.token), query: { id } }),
      await s.call('GET', '/template/document', { ...as(other.token), query: { id, version: 1 } }),
      await s.call('GET', '/template/detail', { ...as(other.token), query: { id } }),
      await s.call('GET', '/template/detail', { query: { id } }),
      await s.call('POST', '/template/duplicate', { ...as(other.token), body: { id } }),
      await s.call('POST', '/template/delete', { ...as(other.token), body: { id } }),
      await s.call('POST', '/template/save', {
        ...as(other.token),
        body: { id, name: 'Mine now', document: source },
      }),
      await s.call('POST', '/creation/create', { ...as(other.token), body: { templateId: id, values: {} } }),
    ])
      expect(r.code).toBe(404)
    // Still whole for its owner.
    expect(
      (await s.call('GET', '/template/document', { ...as(owner.token), query: { id } })).data.version,
    ).toBe(1)
  })

  it('re-opens a creation with the version it was made from, after a new version and after delete', async () => {
    const { token } = await s.signUp()
    const dup = await s.call('POST', '/template/duplicate', { token, body: { id: await catalogueId() } })
    const id = dup.data.id as number
    const doc = (await s.call('GET', '/template/document', { token, query: { id } })).data.document
    const made = await s.call('POST', '/creation/create', {
      token,
      body: { templateId: id, values: {}, locale: 'en' },
    })
    expect(made.code).toBe(0)
    expect(made.data.templateVersion).toBe(1)
    // Version 2 drops a field; the creation still re-opens with version 1's fields.
    const firstText = (doc.fields as Array<{ key: string; kind: string }>).find((f) => f.kind === 'text')
    const layers = (doc.layers as Array<{ type: string; text?: unknown }>).filter(
      (l) => !(l.type === 'text' && JSON.stringify(l.text).includes(`{{${firstText?.key}}}`)),
    )
    const v2 = await s.call('POST', '/template/save', {
      token,
      body: {
        id,
        name: 'Fewer fields',
        document: {
          ...doc,
          layers,
          fields: (doc.fields as Array<{ key: string }>).filter((f) => f.key !== firstText?.key),
          samples: { en: {}, 'zh-CN': {} },
        },
      },
    })
    expect(v2.code).toBe(0)
    const reopen = async () => {
      const c = await s.call<CreationDetail>('GET', '/creation/detail', {
        token,
        query: { id: made.data.id },
      })
      const t = await s.call<TemplateDetail>('GET', '/template/detail', {
        token,
        query: { id, version: c.data.templateVersion },
      })
      return { c: c.data, t: t.data }
    }
    let r = await reopen()
    expect(r.c.templateVersion).toBe(1)
    expect(r.t.version).toBe(1)
    expect(r.t.fields.map((f) => f.key)).toContain(firstText?.key)
    expect(
      (await s.call<TemplateDetail>('GET', '/template/detail', { token, query: { id } })).data.fields.map(
        (f) => f.key,
      ),
    ).not.toContain(firstText?.key)

    expect((await s.call('POST', '/template/delete', { token, body: { id } })).code).toBe(0)
    expect((await s.call('GET', '/template/mine', { token })).total).toBe(0)
    expect((await s.call('GET', '/template/detail', { token, query: { id } })).code).toBe(404)
    expect(
      (await s.call('POST', '/creation/create', { token, body: { templateId: id, values: {} } })).code,
    ).toBe(404)
    r = await reopen()
    expect(r.t.version).toBe(1)
    expect(r.t.fields.map((f) => f.key)).toContain(firstText?.key)
    // And it can be made again from the version it was made from.
    const again = await s.call('POST', '/creation/create', {
      token,
      body: { templateId: id, templateVersion: 1, values: {} },
    })
    expect(again.code).toBe(0)
    expect(again.data.templateVersion).toBe(1)
  })

  it('makes a changed catalogue template its next version, and what was made keeps the old one', async () => {
    const { token } = await s.signUp()
    const id = await catalogueId()
    const before = (await s.call<TemplateDetail>('GET', '/template/detail', { query: { id } })).data.version
    const made = await s.call('POST', '/creation/create', { token, body: { templateId: id, values: {} } })
    expect(made.data.templateVersion).toBe(before)
    const changed = catalogue.templates.map((t) =>
      t.id === source.id ? { ...t, name: { en: 'Bold quote, redrawn', 'zh-CN': '醒目引语（新）' } } : t,
    )
    await seedCatalogue(s.db.kysely, { types: catalogue.types, templates: changed })
    // Seeding the same catalogue again changes nothing.
    await seedCatalogue(s.db.kysely, { types: catalogue.types, templates: changed })
    const now = (await s.call<TemplateDetail>('GET', '/template/detail', { query: { id } })).data
    expect(now).toMatchObject({ version: before + 1, name: 'Bold quote, redrawn' })
    const old = await s.call('GET', '/template/document', { token, query: { id, version: before } })
    expect(old.data.document.name).toEqual(source.name)
    await seedCatalogue(s.db.kysely, catalogue)
  })
})
