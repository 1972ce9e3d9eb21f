import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Creation, TemplateDetail } from '@templet/api/contract'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines, startServer, type TestServer } from './harness'
import { allTemplates, detailOf } from './media/catalogue'

const dir = mkdtempSync(path.join(tmpdir(), 'templet-print-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
/** What poppler's pdfinfo says of a PDF (Debian's poppler-utils, installed by scripts/ensure-tools.sh). */
const pdfinfo = (pdf: Buffer, ...args: string[]) => {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`)
  writeFileSync(file, pdf)
  return execFileSync('pdfinfo', [...args, file], { encoding: 'utf8' })
}
/** A page box from `pdfinfo -box`: [x0, y0, x1, y1] in points. */
const box = (info: string, name: string, page = 1) => {
  const m = info.match(
    new RegExp(`(?:Page\\s+${page}\\s+)?${name}:\\s+([-\\d.]+)\\s+([-\\d.]+)\\s+([-\\d.]+)\\s+([-\\d.]+)`),
  )
  if (!m) throw new Error(`no ${name} of page ${page} in:\n${info}`)
  return m.slice(1).map(Number) as [number, number, number, number]
}
const MM = 72 / 25.4

// A4 at 300 dpi and three PDFs per creation: longer than a screen size's test on a machine shared with other work.
describe.each(engines)('creations of print sizes on %s', { timeout: 120_000 }, (engine) => {
  let s: TestServer
  let award: TemplateDetail
  beforeAll(async () => {
    s = await startServer(engine)
    const summary = (await allTemplates(s)).find((t) => t.slug === 'award-certificate')
    award = await detailOf(s, summary?.id as number)
  })
  afterAll(() => s.close())

  const create = (token: string, body: Record<string, unknown>) =>
    s.call<Creation & { credits: number }>('POST', '/creation/create', { token, body })
  const bytes = async (url: string) => {
    const res = await fetch(`${s.url}${url}`)
    expect(res.status).toBe(200)
    return { res, body: Buffer.from(await res.arrayBuffer()) }
  }

  it('a template names the formats of each size: PDF for the print sizes, with their sheets', () => {
    const a4 = award.sizes.find((x) => x.id === 'a4-portrait')
    const square = award.sizes.find((x) => x.id === 'square')
    expect(a4).toMatchObject({
      print: { width: 210, height: 297, unit: 'mm' },
      formats: ['png', 'jpeg', 'webp', 'pdf'],
    })
    expect(square?.print).toBeUndefined()
    expect(square?.formats).toEqual(['png', 'jpeg', 'webp'])
  })

  it('an A4 creation is 300 dpi and has its PDF: the sheet in points, named after the creation, by its author', async () => {
    const { token } = await s.signUp('Ana Lima')
    const r = await create(token, {
      templateId: award.id,
      sizeId: 'a4-portrait',
      values: { recipient: 'مريم عبد الله' },
      name: 'Award for Maryam',
    })
    expect(r.code).toBe(0)
    expect([r.data.width, r.data.height]).toEqual([2480, 3508])
    const png = await sharp((await bytes(r.data.files.png as string)).body).metadata()
    expect([png.width, png.height, png.density]).toEqual([2480, 3508, 300])

    expect(r.data.files.pdf).toBeDefined()
    const pdf = await bytes(r.data.files.pdf as string)
    expect(pdf.res.headers.get('content-type')).toBe('application/pdf')
    const info = pdfinfo(pdf.body)
    expect(info).toMatch(/Page size:\s+595\.2\d* x 841\.8\d* pts \(A4\)/)
    expect(info).toMatch(/Title:\s+Award for Maryam/)
    expect(info).toMatch(/Author:\s+Ana Lima/)

    const download = await fetch(`${s.url}${r.data.files.pdf}&download=1`)
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="award-for-maryam-a4.pdf"; filename*=UTF-8''award-for-maryam-a4.pdf`,
    )
    // The list and the detail offer the same PDF.
    const detail = await s.call<Creation>('GET', '/creation/detail', { token, query: { id: r.data.id } })
    expect(detail.data.files.pdf).toBeDefined()
  })

  it('a print creation also has the print shops’ PDF (3 mm bleed, crop marks) and one page per print size', async () => {
    const { token } = await s.signUp()
    const r = await create(token, { templateId: award.id, sizeId: 'a4-portrait', values: {} })
    expect(r.code).toBe(0)
    expect(r.data.pdfPrintOptions).toEqual({ bleed: true, cropMarks: true })

    // The print shops' PDF: the trim box is the A4 sheet, the bleed box 3 mm larger on every side, and the
    // media box larger still, holding the crop marks.
    const shop = pdfinfo((await bytes(r.data.files.pdfPrint as string)).body, '-box')
    const [tx0, ty0, tx1, ty1] = box(shop, 'TrimBox')
    expect([tx1 - tx0, ty1 - ty0].map((v) => v.toFixed(1))).toEqual(['595.3', '841.9'])
    const [bx0, by0, bx1, by1] = box(shop, 'BleedBox')
    for (const side of [tx0 - bx0, ty0 - by0, bx1 - tx1, by1 - ty1]) expect(side).toBeCloseTo(3 * MM, 1)
    const [mx0, , mx1] = box(shop, 'MediaBox')
    expect(mx1 - mx0).toBeGreaterThan(bx1 - bx0)

    // Every print size of the template, one page each, in the template's order: A4, then US Letter.
    const sizes = pdfinfo((await bytes(r.data.files.pdfSizes as string)).body, '-f', '1', '-l', '9')
    expect(sizes).toMatch(/Pages:\s+2\n/)
    expect(sizes).toMatch(/Page\s+1 size:\s+595\.2\d* x 841\.8\d* pts \(A4\)/)
    expect(sizes).toMatch(/Page\s+2 size:\s+612 x 792 pts \(letter\)/)
  })

  it('downloads are named after the creation and what they are, safe on every OS, any script kept', async () => {
    const { token } = await s.signUp()
    const named = async (name: string, sizeId = 'a4-portrait') => {
      const r = await create(token, { templateId: award.id, sizeId, values: {}, name })
      expect(r.msg).toBe('ok')
      const of = async (url: string | undefined) =>
        (await fetch(`${s.url}${url}&download=1`)).headers.get('content-disposition')
      return {
        pdf: await of(r.data.files.pdf),
        png: await of(r.data.files.png),
        shop: await of(r.data.files.pdfPrint),
        sizes: await of(r.data.files.pdfSizes),
      }
    }
    const latin = await named('Award Certificate')
    expect(latin.pdf).toBe(
      `attachment; filename="award-certificate-a4.pdf"; filename*=UTF-8''award-certificate-a4.pdf`,
    )
    expect(latin.png).toContain("filename*=UTF-8''award-certificate-a4.png")
    expect(latin.shop).toContain("filename*=UTF-8''award-certificate-a4-print.pdf")
    expect(latin.sizes).toContain("filename*=UTF-8''award-certificate-a4-letter.pdf")

    // Chinese is kept (UTF-8 in filename*), with an ASCII name for clients that read only filename.
    const chinese = await named('王小明 优秀学生奖状', 'letter-portrait')
    expect(chinese.pdf).toBe(
      `attachment; filename="creation-letter.pdf"; filename*=UTF-8''${encodeURIComponent('王小明-优秀学生奖状-letter.pdf')}`,
    )
    // Characters Windows or macOS refuse, a reserved device name, a trailing dot: gone.
    const hostile = await named('CON: a/b\\c*?"<>|. .')
    expect(hostile.pdf).toContain("filename*=UTF-8''con-a-b-c-a4.pdf")
    const square = await create(token, { templateId: award.id, sizeId: 'square', values: {}, name: '...' })
    expect(
      (await fetch(`${s.url}${square.data.files.webp}&download=1`)).headers.get('content-disposition'),
    ).toContain("filename*=UTF-8''creation-square.webp")
  })

  it('a screen size has no PDF, and no link to one works', async () => {
    const { token } = await s.signUp()
    const r = await create(token, { templateId: award.id, sizeId: 'square', values: {} })
    expect(r.code).toBe(0)
    expect(r.data.files.pdf).toBeUndefined()
    expect([r.data.width, r.data.height]).toEqual([1080, 1080])
    // A signed URL for the missing file (the same signature scheme) finds nothing.
    expect(r.data.files.pdfPrint).toBeUndefined()
    expect(r.data.files.pdfSizes).toBeUndefined()
    const forged = (r.data.files.png as string).replace('/png?', '/pdf?')
    expect((await fetch(`${s.url}${forged}`)).status).toBe(403)
  })

  it('deleting a print creation removes its PDF from storage too', async () => {
    const { token } = await s.signUp()
    const stored = async () => {
      const keys: string[] = []
      for await (const o of s.storage.list('creations/')) keys.push(o.key)
      return keys
    }
    const before = new Set(await stored())
    const r = await create(token, { templateId: award.id, values: {} })
    expect(r.data.files.pdf).toBeDefined()
    const added = (await stored()).filter((k) => !before.has(k))
    expect(added.some((k) => k.endsWith('/document.pdf'))).toBe(true)
    expect((await s.call('POST', '/creation/delete', { token, body: { id: r.data.id } })).code).toBe(0)
    const left = new Set(await stored())
    expect(added.filter((k) => left.has(k))).toEqual([])
  })
})
