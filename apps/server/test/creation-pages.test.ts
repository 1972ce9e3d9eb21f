import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Creation } from '@templet/api/contract'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines, startServer, type TestServer } from './harness'
import { developer, v1 } from './v1-helpers'

const dir = mkdtempSync(path.join(tmpdir(), 'templet-pages-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
/** What poppler reads of a PDF: its page count and each page's text (Debian's poppler-utils). */
const pdfPages = (pdf: Buffer) => {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`)
  writeFileSync(file, pdf)
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1])
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).split('\f')
  return { pages, text: text.slice(0, pages).map((t) => t.trim()) }
}

const label = (en: string, zh: string) => ({ en, 'zh-CN': zh })
/** A menu of three pages in a screen size: a dark cover, the dishes (the customer's), a light back page. */
const menu = {
  id: 'three-page-menu',
  typeId: 'social-posts',
  name: label('Menu', '菜单'),
  sizes: [{ id: 'square', width: 300, height: 300, label: label('Square', '方形') }],
  fields: [
    {
      key: 'dish',
      kind: 'text',
      label: label('Dish', '菜品'),
      default: label('Noodles', '面条'),
      maxLength: 40,
    },
  ],
  pages: [
    { id: 'cover', name: 'Cover' },
    { id: 'dishes', name: 'Dishes' },
    { id: 'back', name: 'Back' },
  ],
  layers: [
    { id: 'cover-bg', type: 'shape', fill: '#102030' },
    {
      id: 'cover-title',
      type: 'text',
      text: 'Our menu',
      color: '#ffffff',
      size: 24,
      box: { x: 20, y: 20, w: 260, h: 40 },
    },
    { id: 'dishes-bg', type: 'shape', fill: '#f4f0e8', page: 'dishes' },
    {
      id: 'dish',
      type: 'text',
      text: '{{dish}}',
      color: '#000000',
      size: 24,
      box: { x: 20, y: 20, w: 260, h: 40 },
      page: 'dishes',
    },
    { id: 'back-bg', type: 'shape', fill: '#e0e8f0', page: 'back' },
    {
      id: 'back-note',
      type: 'text',
      text: 'Thank you',
      color: '#000000',
      size: 24,
      box: { x: 20, y: 20, w: 260, h: 40 },
      page: 'back',
    },
  ],
  samples: { en: {}, 'zh-CN': {} },
}

describe.each(engines)('creations of a design of several pages on %s', { timeout: 120_000 }, (engine) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer(engine, {}, { jobs: true })
  })
  afterAll(() => s.close())

  const get = async (url: string) => {
    const res = await fetch(`${s.url}${url}`)
    expect(res.status).toBe(200)
    return { res, body: Buffer.from(await res.arrayBuffer()) }
  }
  const corner = async (png: Buffer) => [...(await sharp(png).raw().toBuffer()).subarray(0, 3)]

  const saveMenu = async (token: string) => {
    const saved = await s.call('POST', '/template/save', { token, body: { name: 'Menu', document: menu } })
    expect(saved.code).toBe(0)
    return saved.data.id as number
  }

  it("gives each page its images and one PDF of every page; deleting the creation removes every page's files", async () => {
    const { token } = await s.signUp()
    const templateId = await saveMenu(token)
    const made = await s.call<Creation>('POST', '/creation/create', {
      token,
      body: { templateId, values: { dish: 'Ramen' }, name: 'Spring menu' },
    })
    expect(made.code).toBe(0)
    const { files } = made.data
    expect(files.pages).toHaveLength(2)
    for (const page of files.pages ?? []) expect(Object.keys(page).sort()).toEqual(['jpeg', 'png', 'webp'])
    expect(await corner((await get(files.png as string)).body)).toEqual([0x10, 0x20, 0x30])
    expect(await corner((await get(files.pages?.[0]?.png as string)).body)).toEqual([0xf4, 0xf0, 0xe8])
    const back = await get(files.pages?.[1]?.webp as string)
    expect(back.res.headers.get('content-type')).toBe('image/webp')
    const [r, g, b] = await corner(back.body)
    // WebP is lossy: its flat colour within a step or two.
    expect([r, g, b].map((v, i) => Math.abs((v as number) - ([0xe0, 0xe8, 0xf0][i] ?? 0)))).toSatisfy(
      (d: number[]) => d.every((x) => x <= 4),
    )

    const pdf = pdfPages((await get(files.pdf as string)).body)
    expect(pdf.pages).toBe(3)
    expect(pdf.text).toEqual(['Our menu', 'Ramen', 'Thank you'])

    const download = await fetch(`${s.url}${files.pages?.[0]?.png}&download=1`)
    expect(download.headers.get('content-disposition')).toContain('spring-menu-square-page-2.png')

    // The history lists it with the same files.
    const listed = await s.call<Creation[]>('GET', '/creation/list', { token })
    expect(listed.data[0]?.files.pages).toHaveLength(2)

    const pageUrl = files.pages?.[1]?.png as string
    const stored = async () => {
      const keys = new Set<string>()
      for await (const o of s.storage.list('creations/')) keys.add(o.key)
      return keys
    }
    const before = await stored()
    expect((await s.call('POST', '/creation/delete', { token, body: { id: made.data.id } })).code).toBe(0)
    expect((await fetch(`${s.url}${pageUrl}`)).status).toBe(404)
    // Its files are gone from storage, the later pages' with the first's: nothing is left under its prefix.
    const after = await stored()
    const gone = [...before].filter((k) => !after.has(k))
    const names = gone.map((k) => k.slice(k.lastIndexOf('/') + 1)).sort()
    expect(names).toEqual(
      expect.arrayContaining([
        'page-2.png',
        'page-2.jpg',
        'page-2.webp',
        'page-3.png',
        'page-3.jpg',
        'page-3.webp',
      ]),
    )
    const prefix = (gone[0] ?? '').slice(0, (gone[0] ?? '').lastIndexOf('/') + 1)
    expect(gone.every((k) => k.startsWith(prefix))).toBe(true)
    expect([...after].some((k) => k.startsWith(prefix))).toBe(false)
  })

  it('refuses a link to a page the creation lacks, and a design of one page has no pages', async () => {
    const { token } = await s.signUp()
    const templateId = await saveMenu(token)
    const made = await s.call<Creation>('POST', '/creation/create', {
      token,
      body: { templateId, values: {} },
    })
    const pageUrl = made.data.files.pages?.[0]?.png ?? ''
    expect(pageUrl).toContain('/page2-png?')
    const forged = pageUrl.replace('/page2-png?', '/page7-png?')
    expect((await fetch(`${s.url}${forged}`)).status).toBe(403)
    const single = await s.call('POST', '/template/save', {
      token,
      body: {
        name: 'One page',
        document: { ...menu, pages: undefined, layers: menu.layers.filter((l) => !('page' in l)) },
      },
    })
    const one = await s.call<Creation>('POST', '/creation/create', {
      token,
      body: { templateId: single.data.id, values: {} },
    })
    expect(one.code).toBe(0)
    expect(one.data.files).not.toHaveProperty('pages')
    expect(one.data.files).not.toHaveProperty('pdf')
  })

  it('previews any page asked for, the first by default, and refuses a page the design lacks naming its pages', async () => {
    const { token } = await s.signUp()
    const templateId = await saveMenu(token)
    const preview = async (page?: number) => {
      const res = await fetch(`${s.url}/api/creation/preview`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bucket ${token}` },
        body: JSON.stringify({ templateId, values: {}, format: 'png', ...(page !== undefined && { page }) }),
      })
      expect(res.headers.get('content-type')).toBe('image/png')
      return corner(Buffer.from(await res.arrayBuffer()))
    }
    expect(await preview()).toEqual([0x10, 0x20, 0x30])
    expect(await preview(1)).toEqual([0xf4, 0xf0, 0xe8])
    expect(await preview(2)).toEqual([0xe0, 0xe8, 0xf0])

    const missing = await s.call('POST', '/creation/preview', {
      token,
      body: { templateId, values: {}, page: 3 },
    })
    expect(missing).toMatchObject({
      code: 400,
      msg: 'page: The design has no page 3; its pages are 0 (Cover), 1 (Dishes), 2 (Back)',
      data: { issues: [{ path: ['page'], code: 'invalid_value', params: { options: '0,1,2' } }] },
    })
    const negative = await s.call('POST', '/creation/preview', {
      token,
      body: { templateId, values: {}, page: -1 },
    })
    expect(negative).toMatchObject({ code: 400, msg: 'page: page must be 0 or more' })
  })

  it('answers each page of a /v1 render in the formats asked for', async () => {
    const dev = await developer(s)
    const templateId = await saveMenu(dev.token)
    const asked = await v1(s, 'POST', '/renders', {
      key: dev.key,
      body: { template_id: templateId, values: { dish: 'Udon' }, formats: ['png', 'webp'] },
    })
    expect(asked.status).toBe(201)
    const render = asked.body
    expect(render.files.pages).toHaveLength(2)
    expect(Object.keys(render.files.pages[0]).sort()).toEqual(['png', 'webp'])
    const pdfAlone = await v1(s, 'POST', '/renders', {
      key: dev.key,
      body: { template_id: templateId, values: { dish: 'Soba' }, formats: ['pdf'] },
    })
    expect(pdfAlone.status).toBe(201)
    expect(Object.keys(pdfAlone.body.files)).toEqual(['pdf'])
    const pdf = pdfPages(Buffer.from(await (await fetch(pdfAlone.body.files.pdf)).arrayBuffer()))
    expect(pdf.text).toEqual(['Our menu', 'Soba', 'Thank you'])
    // The template says so: PDF is a format of its screen size, as of a print size.
    const listed = await v1(s, 'GET', `/templates/${templateId}`, { key: dev.key })
    expect(listed.body.sizes[0].formats).toEqual(['png', 'jpeg', 'webp', 'pdf'])
    const page2 = await fetch(render.files.pages[0].png)
    expect(page2.status).toBe(200)
    expect(await corner(Buffer.from(await page2.arrayBuffer()))).toEqual([0xf4, 0xf0, 0xe8])
  })
})
