import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Creation, TemplateDetail } from '@templet/api/contract'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines, startServer, type TestServer } from './harness'
import { allTemplates, detailOf } from './media/catalogue'

const dir = mkdtempSync(path.join(tmpdir(), 'templet-print-'))
/** What poppler's pdfinfo says of a PDF (Debian's poppler-utils, installed by scripts/ensure-tools.sh). */
const pdfinfo = (pdf: Buffer) => {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`)
  writeFileSync(file, pdf)
  return execFileSync('pdfinfo', [file], { encoding: 'utf8' })
}

describe.each(engines)('creations of print sizes on %s', (engine) => {
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
    const png = await sharp((await bytes(r.data.files.png)).body).metadata()
    expect([png.width, png.height, png.density]).toEqual([2480, 3508, 300])

    expect(r.data.files.pdf).toBeDefined()
    const pdf = await bytes(r.data.files.pdf as string)
    expect(pdf.res.headers.get('content-type')).toBe('application/pdf')
    const info = pdfinfo(pdf.body)
    expect(info).toMatch(/Page size:\s+595\.2\d* x 841\.8\d* pts \(A4\)/)
    expect(info).toMatch(/Title:\s+Award for Maryam/)
    expect(info).toMatch(/Author:\s+Ana Lima/)

    const download = await fetch(`${s.url}${r.data.files.pdf}&download=1`)
    expect(download.headers.get('content-disposition')).toContain("filename*=UTF-8''Award%20for%20Maryam.pdf")
    // The list and the detail offer the same PDF.
    const detail = await s.call<Creation>('GET', '/creation/detail', { token, query: { id: r.data.id } })
    expect(detail.data.files.pdf).toBeDefined()
  })

  it('a screen size has no PDF, and no link to one works', async () => {
    const { token } = await s.signUp()
    const r = await create(token, { templateId: award.id, sizeId: 'square', values: {} })
    expect(r.code).toBe(0)
    expect(r.data.files.pdf).toBeUndefined()
    expect([r.data.width, r.data.height]).toEqual([1080, 1080])
    // A signed URL for the missing file (the same signature scheme) finds nothing.
    const forged = r.data.files.png.replace('/png?', '/pdf?')
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
