import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { readImageHeader } from '../src/features/uploads/image-header'
import {
  blackPng,
  jfif,
  jpegDeclaring,
  jpegFrame,
  jpegOf,
  jpegScan,
  webpDeclaring,
} from './media/declared-size'
import { jpegWithExif } from './media/images'

const WIDTH = 37
const HEIGHT = 23
const rgb = () => sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#3366cc' } })
const rgba = () => sharp({ create: { width: WIDTH, height: HEIGHT, channels: 4, background: '#3366cc80' } })

/** Real files as sharp writes them, each with the header it should be read as. */
const realImages: [string, () => Promise<Buffer>, { format: string; bitDepth: number }][] = [
  ['an 8-bit RGB PNG', () => rgb().png().toBuffer(), { format: 'png', bitDepth: 8 }],
  ['a 16-bit RGB PNG', () => rgb().toColourspace('rgb16').png().toBuffer(), { format: 'png', bitDepth: 16 }],
  [
    'a palette PNG',
    () => rgb().png({ palette: true, colours: 4 }).toBuffer(),
    { format: 'png', bitDepth: 2 },
  ],
  ['a grey PNG with alpha', () => rgba().greyscale().png().toBuffer(), { format: 'png', bitDepth: 8 }],
  ['a baseline JPEG', () => rgb().jpeg().toBuffer(), { format: 'jpeg', bitDepth: 8 }],
  ['a progressive JPEG', () => rgb().jpeg({ progressive: true }).toBuffer(), { format: 'jpeg', bitDepth: 8 }],
  ['a lossy WebP (VP8)', () => rgb().webp().toBuffer(), { format: 'webp', bitDepth: 8 }],
  [
    'a lossless WebP (VP8L)',
    () => rgb().webp({ lossless: true }).toBuffer(),
    { format: 'webp', bitDepth: 8 },
  ],
  ['a WebP with alpha (VP8X)', () => rgba().webp().toBuffer(), { format: 'webp', bitDepth: 8 }],
]

describe('readImageHeader', () => {
  it.each(realImages)('reads the format, size and bit depth of %s', async (_, make, expected) => {
    const file = await make()
    const meta = await sharp(file).metadata()
    expect(readImageHeader(file)).toEqual({ ...expected, width: WIDTH, height: HEIGHT })
    expect(meta).toMatchObject({ format: expected.format, width: WIDTH, height: HEIGHT })
  })

  it('reads a JPEG whose EXIF and other segments come before its frame header', async () => {
    const file = await jpegWithExif(40, 20)
    expect(readImageHeader(file)).toEqual({ format: 'jpeg', width: 40, height: 20, bitDepth: 8 })
  })

  it('reads the bytes of a view into a larger buffer from the view’s own start', async () => {
    const file = await rgb().png().toBuffer()
    const inside = new Uint8Array(file.byteLength + 64)
    inside.set(file, 32)
    expect(readImageHeader(inside.subarray(32, 32 + file.byteLength))).toMatchObject({
      width: WIDTH,
      height: HEIGHT,
    })
  })

  it.each(realImages)(
    'reads a truncated %s as no image until its size is there, never as another size',
    async (_, make) => {
      const file = await make()
      const whole = readImageHeader(file)
      let first = -1
      for (let n = 0; n <= file.byteLength; n++) {
        const header = readImageHeader(file.subarray(0, n))
        if (header === undefined) {
          expect(first, `${n} bytes read as no image after ${first} were read`).toBe(-1)
          continue
        }
        if (first === -1) first = n
        expect(header).toEqual(whole)
      }
      expect(first).toBeGreaterThan(12)
    },
  )

  it('reads what a crafted header declares, however many pixels that is', () => {
    expect(readImageHeader(blackPng(49_000_000, 1, { rows: 0 }))).toEqual({
      format: 'png',
      width: 49_000_000,
      height: 1,
      bitDepth: 8,
    })
    expect(readImageHeader(blackPng(49_000_000, 1, { bitDepth: 16, rows: 0 }))).toMatchObject({
      bitDepth: 16,
    })
    expect(readImageHeader(jpegDeclaring(65_535, 65_535))).toEqual({
      format: 'jpeg',
      width: 65_535,
      height: 65_535,
      bitDepth: 8,
    })
    expect(readImageHeader(webpDeclaring(16_777_216, 3))).toEqual({
      format: 'webp',
      width: 16_777_216,
      height: 3,
      bitDepth: 8,
    })
  })

  it('reads a JPEG with fill bytes before a marker', () => {
    const padded = Buffer.concat([Buffer.from([0xff, 0xff, 0xff]), jpegFrame(300, 200).subarray(1)])
    expect(readImageHeader(jpegOf([jfif, padded]))).toMatchObject({ width: 300, height: 200 })
  })

  it('reads no size from garbage or from files of other kinds', async () => {
    let seed = 7
    const random = Buffer.from(
      Array.from({ length: 4096 }, () => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31
        return seed >> 16
      }),
    )
    const gif = await rgb().gif().toBuffer()
    for (const bytes of [
      new Uint8Array(0),
      random,
      Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"/>'),
      gif,
      Buffer.from(
        'RIFF\x24\0\0\0WAVEfmt \x10\0\0\0\x01\0\x01\0\x44\xac\0\0\x88\x58\x01\0\x02\0\x10\0',
        'latin1',
      ),
    ])
      expect(readImageHeader(bytes)).toBeUndefined()
  })

  it('reads no size from a PNG whose first chunk is not its header, or of no pixels', async () => {
    const png = await rgb().png().toBuffer()
    const renamed = Buffer.from(png)
    renamed.write('IHDX', 12, 'ascii')
    expect(readImageHeader(renamed)).toBeUndefined()
    expect(readImageHeader(blackPng(0, 10, { rows: 0 }))).toBeUndefined()
    expect(readImageHeader(blackPng(10, 0, { rows: 0 }))).toBeUndefined()
  })

  it('reads no size from a JPEG without a frame header before its scan, or with a broken segment', () => {
    expect(readImageHeader(jpegOf([jfif, jpegScan, jpegFrame(300, 200)]))).toBeUndefined()
    expect(readImageHeader(jpegOf([jfif]))).toBeUndefined()
    // Height 0: the height would come after the first scan (a DNL marker), which decoders do not take.
    expect(readImageHeader(jpegDeclaring(300, 0))).toBeUndefined()
    // A segment longer than the file.
    const long = Buffer.from(jfif)
    long.writeUInt16BE(0xfff0, 2)
    expect(readImageHeader(jpegOf([long, jpegFrame(300, 200)]))).toBeUndefined()
    // A byte that is not a marker where a segment should start.
    expect(readImageHeader(jpegOf([jfif, Buffer.from([0x00]), jpegFrame(300, 200)]))).toBeUndefined()
  })

  it('reads no size from a WebP whose first chunk is not an image or misses its signature', async () => {
    const lossy = await rgb().webp().toBuffer()
    const noStartCode = Buffer.from(lossy)
    noStartCode[23] = 0
    expect(readImageHeader(noStartCode)).toBeUndefined()
    const lossless = await rgb().webp({ lossless: true }).toBuffer()
    const noSignature = Buffer.from(lossless)
    noSignature[20] = 0
    expect(readImageHeader(noSignature)).toBeUndefined()
    const other = Buffer.from(lossy)
    other.write('ICCP', 12, 'ascii')
    expect(readImageHeader(other)).toBeUndefined()
  })
})
