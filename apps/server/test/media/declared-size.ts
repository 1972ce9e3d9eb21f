import zlib from 'node:zlib'

/**
 * Files whose headers declare a size, built by hand byte by byte: an image library asked to make them would
 * allocate the pixels they declare.
 */

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(zlib.crc32(body))
  return Buffer.concat([length, body, crc])
}

/**
 * A PNG of `width` × `height` black RGB pixels of `bitDepth` bits a sample, of which the data holds `rows` rows:
 * all of them by default (a valid image), fewer for a file that declares more than it holds (`rows: 0` makes a
 * PNG of a few dozen bytes whatever it declares).
 */
export function blackPng(
  width: number,
  height: number,
  o: { bitDepth?: 8 | 16; rows?: number } = {},
): Buffer {
  const bitDepth = o.bitDepth ?? 8
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = bitDepth
  ihdr[9] = 2 // RGB
  const row = 1 + width * 3 * (bitDepth / 8) // filter byte + samples
  const data = zlib.deflateSync(Buffer.alloc(row * (o.rows ?? height)))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', data),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

function jpegSegment(marker: number, data: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0])
  head.writeUInt16BE(data.length + 2, 2)
  return Buffer.concat([head, data])
}

/** A JPEG's frame header (SOF0, 8-bit, three components) declaring `width` × `height`. */
export function jpegFrame(width: number, height: number): Buffer {
  const sof = Buffer.from([8, 0, 0, 0, 0, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])
  sof.writeUInt16BE(height, 1)
  sof.writeUInt16BE(width, 3)
  return jpegSegment(0xc0, sof)
}

/** A JPEG of `segments` between its start (SOI) and its end (EOI). */
export function jpegOf(segments: Buffer[]): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xd8]), ...segments, Buffer.from([0xff, 0xd9])])
}

export const jfif = jpegSegment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1'))

/** A JPEG start of scan (one component), which the frame header must come before. */
export const jpegScan = jpegSegment(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0]))

/** A JPEG of a JFIF segment and a frame header declaring `width` × `height`, without a scan. */
export function jpegDeclaring(width: number, height: number): Buffer {
  return jpegOf([jfif, jpegFrame(width, height)])
}

/** An extended WebP (a VP8X chunk) whose canvas is `width` × `height`, and nothing else. */
export function webpDeclaring(width: number, height: number): Buffer {
  const vp8x = Buffer.alloc(10)
  vp8x.writeUIntLE(width - 1, 4, 3)
  vp8x.writeUIntLE(height - 1, 7, 3)
  const chunk = Buffer.concat([Buffer.from('VP8X'), Buffer.from([10, 0, 0, 0]), vp8x])
  const riff = Buffer.alloc(8)
  riff.write('RIFF', 0, 'ascii')
  riff.writeUInt32LE(4 + chunk.length, 4)
  return Buffer.concat([riff, Buffer.from('WEBP'), chunk])
}
