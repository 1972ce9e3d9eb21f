import type { Creation } from '@templet/api/contract'
import { loadCatalogue } from '@templet/catalogue'
import { renderPdf } from '@templet/render'
import type { Values } from '@templet/template'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../src/config'
import { threadedRenderer } from '../src/media-services'
import { RenderTooSlow, threadRenderer } from '../src/services/render-threads'
import { defaultRenderer } from '../src/services/renderer'
import { startServer, testEnv } from './harness'
import { allTemplates } from './media/catalogue'

const script = new URL('../src/render-thread.js', import.meta.url)
const template = (() => {
  const t = loadCatalogue().templates.find((x) => x.id === 'article-card')
  if (!t) throw new Error('article-card is not in the catalogue')
  return t
})()

/** The PDF's pages and the text it shows, without its dates (a PDF records when it was made). */
const pdfText = (pdf: Buffer) => pdf.toString('latin1').replace(/\/(CreationDate|ModDate) \([^)]*\)/g, '')
const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0

const photo = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 120, b: 60 } } })
    .jpeg()
    .toBuffer()

/** Long enough for a page on a busy machine, short enough for the test to wait for. */
const timeLimitSeconds = 5

/** A PDF (a print creation's, a batch's document) draws in a render thread, as a render does, not on the loop. */
describe('PDFs in the render threads', () => {
  const threaded = threadRenderer(defaultRenderer, { script, decodedImageCacheBytes: 0, timeLimitSeconds })
  afterAll(() => threaded.close())

  it('makes the PDF renderPdf() makes in this thread, a page per row, the photos read through the main thread', async () => {
    const bytes = await photo()
    const asked: string[] = []
    const images = async (ref: string) => {
      asked.push(ref)
      return ref === '21' ? bytes : undefined
    }
    const rows: Values[] = [{ photo: '21', title: 'First row' }, { title: 'Second row' }]
    const options = { images, author: 'Ada', title: 'Two rows' }
    const [inThread, here] = await Promise.all([
      threaded.renderPdf(template, rows, { ...options, account: 1 }),
      renderPdf(template, rows, options),
    ])
    expect(Buffer.isBuffer(inThread)).toBe(true)
    expect(pageCount(inThread)).toBe(2)
    expect(pdfText(inThread)).toBe(pdfText(here))
    expect(asked.filter((ref) => ref === '21')).toHaveLength(2)
  }, 60_000)

  it("a renderer's refusal arrives as the RenderError it is (no rows: no pages)", async () => {
    const err = await threaded.renderPdf(template, []).catch((e: unknown) => e)
    expect(err).toMatchObject({ name: 'RenderError', code: 'NO_PAGES' })
  }, 60_000)

  it('a PDF of many pages has the time limit once per page: ten rows may take longer than one render', async () => {
    const bytes = await photo()
    let first = true
    // The first photo comes after 1.5 limits: past one page's, well inside ten pages'.
    const images = (ref: string) => {
      if (ref !== 'slow') return Promise.resolve(undefined)
      if (!first) return Promise.resolve(bytes)
      first = false
      return new Promise<Buffer>((resolve) => setTimeout(() => resolve(bytes), 1500 * timeLimitSeconds))
    }
    const rows = Array.from({ length: 10 }, (_, i) => ({ photo: 'slow', title: `Row ${i + 1}` }))
    const pdf = await threaded.renderPdf(template, rows, { images })
    expect(pageCount(pdf)).toBe(10)
  }, 120_000)

  it("a one-page PDF past the time limit is refused as too slow (its thread is stopped, as a render's is)", async () => {
    // The photo never comes: the page cannot finish.
    const never = () => new Promise<Buffer>(() => {})
    const err = await threaded
      .renderPdf(template, [{ photo: 'late' }], { images: never })
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(RenderTooSlow)
  }, 60_000)
})

describe("the server's renderer draws a print creation's PDFs in its render threads", () => {
  const renderer = threadedRenderer(loadConfig({ ...testEnv(), RENDER_THREADS: '1' }))
  let s: Awaited<ReturnType<typeof startServer>>
  beforeAll(async () => {
    s = await startServer('sqlite', {}, { media: { renderer } })
  }, 60_000)
  afterAll(async () => {
    await s.close()
    await renderer.close()
  })

  it("an A4 creation has its PDF, made in the thread with its author's name", async () => {
    const award = (await allTemplates(s)).find((t) => t.slug === 'award-certificate')
    const { token } = await s.signUp('Ana Lima')
    const r = await s.call<Creation>('POST', '/creation/create', {
      token,
      body: { templateId: award?.id, sizeId: 'a4-portrait', values: { recipient: 'Ana' }, name: 'For Ana' },
    })
    expect(r.code).toBe(0)
    const res = await fetch(`${s.url}${r.data.files.pdf}`)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    const pdf = Buffer.from(await res.arrayBuffer()).toString('latin1')
    expect(pdf.startsWith('%PDF')).toBe(true)
    expect(pdf).toContain('/Author (Ana Lima)')
  }, 180_000)
})
