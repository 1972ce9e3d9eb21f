import { loadCatalogue, RenderError, render } from '@templet/render'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { threadRenderer } from '../src/services/render-threads'
import { defaultRenderer } from '../src/services/renderer'

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
    expect(inThread.png.equals(here.png)).toBe(true)
    expect(inThread.thumbnail.equals(here.thumbnail)).toBe(true)
    expect({ width: inThread.width, height: inThread.height }).toEqual({
      width: here.width,
      height: here.height,
    })
    expect(Buffer.isBuffer(inThread.jpeg)).toBe(true)
  }, 60_000)

  it('renders in flight at once each get their own answer', async () => {
    const titles = ['One', 'Two', 'Three']
    const [alone, ...together] = await Promise.all([
      render(template, { title: 'Two' }),
      ...titles.map((title) => threaded.render(template, { title })),
    ])
    expect(together[1]?.png.equals(alone?.png as Buffer)).toBe(true)
    expect(together[0]?.png.equals(alone?.png as Buffer)).toBe(false)
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
  }, 60_000)

  it("a renderer's refusal arrives as the RenderError it is, with its code", async () => {
    const err = await threaded.render(template, {}, { sizeId: 'no-such-size' }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(RenderError)
    expect((err as RenderError).code).toBe('UNKNOWN_SIZE')
  }, 60_000)
})
