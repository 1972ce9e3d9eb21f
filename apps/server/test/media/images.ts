import zlib from 'node:zlib'
import sharp from 'sharp'

/** A small image of the format, `width` × `height`, one colour. */
export function solidImage(
  format: 'png' | 'jpeg' | 'webp',
  width = 40,
  height = 20,
  background = '#3366cc',
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .toFormat(format)
    .toBuffer()
}

/** A JPEG that says "rotate 90°" in its EXIF and carries a camera, a copyright and a GPS position. */
export function jpegWithExif(width = 40, height = 20): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#cc3366' } })
    .withExif({
      IFD0: { Make: 'TestCam', Copyright: 'secret owner' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer()
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
function crc32(b: Buffer): number {
  let c = 0xffffffff
  for (const x of b) c = (crcTable[(c ^ x) & 0xff] as number) ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([len, body, crc])
}

/**
 * A valid PNG of `side` × `side` 1-bit grey pixels, all black: a decompression bomb (20,000² = 400 megapixels
 * in a few dozen kB). Built by hand: encoding it with an image library would allocate the pixels.
 */
export function pngBomb(side = 20_000): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(side, 0)
  ihdr.writeUInt32BE(side, 4)
  ihdr[8] = 1 // bit depth
  ihdr[9] = 0 // greyscale
  const row = Math.ceil(side / 8) + 1 // filter byte + packed pixels
  const idat = zlib.deflateSync(Buffer.alloc(row * side), { level: 9 })
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

export function form(file: Buffer | string, name: string, type: string): FormData {
  const f = new FormData()
  f.append('file', new Blob([typeof file === 'string' ? file : new Uint8Array(file)], { type }), name)
  return f
}
