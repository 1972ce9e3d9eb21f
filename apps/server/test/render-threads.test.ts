import { readFileSync } from 'node:fs'
import { loadCatalogue } from '@templet/catalogue'
import {
  FontFileError,
  FontLimitError,
  facesOf,
  type ReceiptSheet,
  RenderError,
  render,
  renderPreview,
  renderReceipt,
  sanitizeFont,
} from '@templet/render'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../src/config'
import { threadedRenderer } from '../src/media-services'
import { RENDERS_PER_THREAD, RenderNotDrawable, threadRenderer } from '../src/services/render-threads'
import { defaultRenderer } from '../src/services/renderer'
import { cmapTable, format4, withCmap } from './font-bytes'
import { testEnv } from './harness'

const script = new URL('../src/render-thread.js', import.meta.url)
const template = (() => {
  const t = loadCatalogue().templates.find((x) => x.id === 'article-card')
  if (!t) throw new Error('article-card is not in the catalogue')
  return t
})()

describe('renders in a worker thread (ROLE=worker)', () => {
  const threaded = threadRenderer(defaultRenderer, { script, decodedImageCacheBytes: 16 << 20 })
  afterAll(() => threaded.close())

  it('makes the same files as render() in this thread, the photo read through the main thread', async () => {
    const photo = await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 90 } },
    })
      .png()
      .toBuffer()
    const asked: string[] = []
    const images = async (ref: string) => {
      asked.push(ref)
      return ref === '17' ? photo : undefined
    }
    const values = { photo: '17', title: 'Sunset sale' }
    await threaded.start()
    const [inThread, here] = await Promise.all([
      threaded.render(template, values, { images }),
      render(template, values, { images }),
    ])
    expect(asked).toEqual(['17', '17'])
    expect(inThread.png?.equals(here.png)).toBe(true)
    expect(inThread.thumbnail.equals(here.thumbnail)).toBe(true)
    expect({ width: inThread.width, height: inThread.height }).toEqual({
      width: here.width,
      height: here.height,
    })
    expect(Buffer.isBuffer(inThread.jpeg)).toBe(true)
    // Asked for one format, the thread encodes and sends that one and the thumbnail.
    const webp = await threaded.render(template, values, { images, formats: ['webp'] })
    expect([webp.png, webp.jpeg, webp.webp?.equals(here.webp)]).toEqual([undefined, undefined, true])
    expect(webp.thumbnail.equals(here.thumbnail)).toBe(true)
  }, 60_000)

  it('renders in flight at once each get their own answer', async () => {
    const titles = ['One', 'Two', 'Three']
    const [alone, ...together] = await Promise.all([
      render(template, { title: 'Two' }),
      ...titles.map((title) => threaded.render(template, { title })),
    ])
    expect(together[1]?.png?.equals(alone?.png as Buffer)).toBe(true)
    expect(together[0]?.png?.equals(alone?.png as Buffer)).toBe(false)
  }, 60_000)

  it('a photo whose read fails fails the render, in the thread as render() does here (not a picture without it)', async () => {
    const images = async () => {
      throw new Error('storage unavailable')
    }
    const values = { photo: '18' }
    const [inThread, here] = await Promise.all([
      threaded.render(template, values, { images }).catch((e: unknown) => e),
      render(template, values, { images }).catch((e: unknown) => e),
    ])
    expect(inThread).toBeInstanceOf(Error)
    expect((inThread as Error).message).toContain('storage unavailable')
    expect((here as Error).message).toBe('storage unavailable')
    // Not the design's fault: the render is tried again, not refused.
    expect(inThread).not.toBeInstanceOf(RenderNotDrawable)
  }, 60_000)

  it('a drawing that throws is refused as RenderNotDrawable (422, naming the error): the same design would throw again', async () => {
    // A document the model would refuse, sent past its parser: its text layer's words are a number.
    const broken = {
      ...template,
      layers: template.layers.map((l) => (l.type === 'text' ? { ...l, text: 42 } : l)),
    } as unknown as typeof template
    const here = (await render(broken, {}).catch((e: unknown) => e)) as Error
    const inThread = await threaded.render(broken, {}).catch((e: unknown) => e)
    expect(inThread).toBeInstanceOf(RenderNotDrawable)
    expect(inThread).toMatchObject({ code: 422 })
    expect((inThread as Error).message).toContain(here.message)
    // The thread is still there: the next render is drawn.
    expect((await threaded.render(template, { title: 'After' })).png?.length).toBeGreaterThan(0)
  }, 60_000)

  it("a renderer's refusal arrives as the RenderError it is, with its code", async () => {
    const err = await threaded.render(template, {}, { sizeId: 'no-such-size' }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(RenderError)
    expect((err as RenderError).code).toBe('UNKNOWN_SIZE')
  }, 60_000)

  it('draws a receipt as renderReceipt() does here', async () => {
    const sheet: ReceiptSheet = {
      language: 'zh-CN',
      title: '收据',
      receiptNumber: 'R-2026-000042',
      status: 'paid',
      banner: '已付款',
      seller: { label: '销售方', name: 'Templet Ltd', lines: ['1 Market Street', 'billing@templet.app'] },
      buyer: { label: '付款人', name: '王小明', lines: ['wang@example.com'] },
      facts: [{ label: '状态', value: '已付款', status: true }],
      columns: { description: '项目', credits: '发放积分', amount: '金额' },
      item: { description: '100 积分包', credits: '100', amount: 'US$49.90' },
      total: { label: '实付合计', amount: 'US$49.90' },
      currencyNote: '所有金额均以 USD 计。',
      closing: '感谢你的购买。',
      questions: '关于此收据的问题请联系：billing@templet.app',
      page: '收据 R-2026-000042 · 第 1 页，共 1 页',
      author: 'Templet Ltd',
    }
    const [inThread, here] = await Promise.all([threaded.renderReceipt(sheet), renderReceipt(sheet)])
    expect(inThread.subarray(0, 5).toString()).toBe('%PDF-')
    expect(inThread.equals(here)).toBe(true)
  }, 60_000)

  it('draws a preview as renderPreview() does here, the photo read through the main thread', async () => {
    const photo = await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 30, g: 90, b: 200 } },
    })
      .png()
      .toBuffer()
    const images = async (ref: string) => (ref === '19' ? photo : undefined)
    const values = { photo: '19', title: 'Sunset sale' }
    const options = { images, maxSide: 320, format: 'png' as const }
    const [inThread, here] = await Promise.all([
      threaded.renderPreview(template, values, options),
      renderPreview(template, values, options),
    ])
    expect(inThread.data.equals(here.data)).toBe(true)
    expect(Buffer.isBuffer(inThread.data)).toBe(true)
    expect({ ...inThread, data: null }).toEqual({ ...here, data: null })
  }, 60_000)

  it('re-encodes a font file as sanitizeFont() does here, and its refusals arrive with their class and code', async () => {
    const grotesk = readFileSync(facesOf('Templet Space Grotesk').find((f) => f.weight === 700)?.file ?? '')
    const [inThread, here] = await Promise.all([threaded.sanitizeFont(grotesk), sanitizeFont(grotesk)])
    expect(inThread.facts).toEqual(here.facts)
    expect(Buffer.from(inThread.data).equals(Buffer.from(here.data))).toBe(true)

    const notAFont = await threaded.sanitizeFont(new TextEncoder().encode('not a font')).catch((e) => e)
    expect(notAFont).toBeInstanceOf(FontFileError)
    expect((notAFont as FontFileError).code).toBe('unknown_format')
    const ranges = Array.from({ length: 1000 }, (): [number, number] => [0, 0xfffe])
    const bomb = await threaded.sanitizeFont(withCmap(grotesk, cmapTable(format4(ranges)))).catch((e) => e)
    expect(bomb).toBeInstanceOf(FontLimitError)
    expect((bomb as FontLimitError).code).toBe('too_many_characters')
  }, 60_000)
})

describe("the server's renderer (threadedRenderer)", () => {
  const renderer = threadedRenderer(loadConfig({ ...testEnv(), RENDER_THREADS: '1' }))
  afterAll(() => renderer.close())

  it('draws a preview while every render slot is taken: previews do not queue behind renders', async () => {
    const photo = await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 90, g: 30, b: 20 } },
    })
      .png()
      .toBuffer()
    // Renders whose photo is held until the preview has come back: they keep the render thread's slots busy.
    const held: (() => void)[] = []
    const heldPhoto = () => new Promise<Buffer>((resolve) => held.push(() => resolve(photo)))
    const renders = Array.from({ length: RENDERS_PER_THREAD + 1 }, (_, i) =>
      renderer.render(template, { photo: 'held', title: `Render ${i}` }, { account: 1, images: heldPhoto }),
    )
    // The slots fill: two renders wait on their photos; the third waits for a slot, so only two have asked.
    await new Promise<void>((resolve) => {
      const check = () => (held.length >= RENDERS_PER_THREAD ? resolve() : setTimeout(check, 20))
      check()
    })
    const preview = await renderer.renderPreview(
      template,
      { title: 'While rendering' },
      { account: 2, maxSide: 200, format: 'webp' },
    )
    expect(preview.contentType).toBe('image/webp')
    expect(Math.max(preview.width, preview.height)).toBe(200)
    expect(held).toHaveLength(RENDERS_PER_THREAD)
    // Then the renders go on as usual, each photo given as it is asked for.
    const releasing = setInterval(() => {
      for (const release of held.splice(0)) release()
    }, 20)
    try {
      const done = await Promise.all(renders)
      expect(done.map((r) => (r.png?.length ?? 0) > 0)).toEqual([true, true, true])
    } finally {
      clearInterval(releasing)
    }
  }, 120_000)
})
