import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cleanImage } from '../src/features/uploads/uploads'
import { WorkBudget } from '../src/services/image-work'
import { engines, startServer, type TestServer } from './harness'
import {
  blackPng,
  jfif,
  jpegDeclaring,
  jpegFrame,
  jpegOf,
  jpegScan,
  webpDeclaring,
} from './media/declared-size'
import { form } from './media/images'

/**
 * An upload's size is read from its header and refused before any decoder is given the bytes: a decoder sizes
 * its buffers from the same header, so a file of a few bytes could otherwise take gigabytes.
 */
describe.each(engines)('the size of an uploaded image on %s', (engine) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer(engine, { UPLOAD_MAX_PIXELS: '50000000' })
  })
  afterAll(() => s.close())

  const upload = async (file: Buffer, name: string, type: string) => {
    const { token } = await s.signUp()
    return s.call('POST', '/upload/image', { token, form: form(file, name, type) })
  }

  const bySide = (size: string) => ({
    code: 400,
    msg: `file: The image has ${size} pixels; at most 16384 pixels a side are accepted`,
    data: { issues: [{ path: ['file'], code: 'too_big', params: { origin: 'side', maximum: 16384 } }] },
  })
  const byCount = (size: string) => ({
    code: 400,
    msg: `file: The image has ${size} pixels; at most 50 megapixels are accepted`,
    data: {
      issues: [{ path: ['file'], code: 'too_big', params: { origin: 'pixels', maximum: 50_000_000 } }],
    },
  })

  it.each([8, 16] as const)(
    'refuses a %i-bit PNG of a few dozen bytes that declares 49,000,000 × 1 pixels, naming the side limit',
    async (bitDepth) => {
      const bomb = blackPng(49_000_000, 1, { bitDepth, rows: 0 })
      expect(bomb.byteLength).toBeLessThan(100)
      expect(await upload(bomb, 'line.png', 'image/png')).toMatchObject(bySide('49000000 × 1'))
    },
  )

  it('refuses a valid 20,000 × 10 PNG for its width, though it has few pixels', async () => {
    const wide = blackPng(20_000, 10)
    expect(await sharp(wide).metadata()).toMatchObject({ width: 20_000, height: 10 })
    expect(await upload(wide, 'wide.png', 'image/png')).toMatchObject(bySide('20000 × 10'))
  })

  it('refuses a JPEG that declares 65,535 × 65,535 pixels, naming the megapixel limit', async () => {
    expect(await upload(jpegDeclaring(65_535, 65_535), 'huge.jpg', 'image/jpeg')).toMatchObject(
      byCount('65535 × 65535'),
    )
  })

  it('refuses a WebP whose canvas is 1,000,000 × 20 pixels, naming the side limit', async () => {
    expect(await upload(webpDeclaring(1_000_000, 20), 'huge.webp', 'image/webp')).toMatchObject(
      bySide('1000000 × 20'),
    )
  })

  it('accepts an image 16,384 pixels wide, the longest side there is room for', async () => {
    const r = await upload(blackPng(16_384, 4), 'edge.png', 'image/png')
    expect(r.code).toBe(0)
    expect(r.data).toMatchObject({ width: 16_384, height: 4 })
  })

  it('refuses a file of an accepted kind whose size cannot be read as not an image', async () => {
    const png = blackPng(40, 20)
    for (const [file, name, type] of [
      [png.subarray(0, 20), 'cut.png', 'image/png'],
      [jpegOf([jfif, jpegScan, jpegFrame(40, 20)]), 'scan-first.jpg', 'image/jpeg'],
      [Buffer.from('RIFF\x04\0\0\0WEBP', 'latin1'), 'empty.webp', 'image/webp'],
    ] as const) {
      expect(await upload(file, name, type)).toMatchObject({
        code: 400,
        msg: 'file: The file is not a PNG, JPEG or WebP image',
      })
    }
  })
})

/** A budget that notes each weight asked of it. */
class NotedBudget extends WorkBudget {
  readonly weights: number[] = []
  override acquire(weight: number, signal?: AbortSignal) {
    this.weights.push(weight)
    return super.acquire(weight, signal)
  }
}

describe('the decode of an upload', () => {
  it('holds its pixels from the budget, twice over for a 16-bit PNG, and gives them back', async () => {
    const budget = new NotedBudget(10_000_000, { maxWaitMs: 0, maxQueue: 0 })
    await cleanImage(blackPng(40, 20), 50_000_000, budget)
    await cleanImage(blackPng(40, 20, { bitDepth: 16 }), 50_000_000, budget)
    expect(budget.weights).toEqual([800, 1600])
    expect(budget.used).toBe(0)
  })
})
