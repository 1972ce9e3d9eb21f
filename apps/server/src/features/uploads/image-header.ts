/**
 * What an image file says about itself in its first bytes, read without an image library: its format, size and
 * bits per sample. A decoder trusts the same fields to size its buffers, so they are the ones to check before a
 * decoder is given the bytes (a 73-byte PNG can declare 49 million pixels).
 */
export interface ImageHeader {
  format: 'png' | 'jpeg' | 'webp'
  width: number
  height: number
  /** Bits per sample: 1 to 16 for a PNG, the frame's precision (8 or 12) for a JPEG, 8 for a WebP. */
  bitDepth: number
}

/** The header of a PNG, JPEG or WebP, or undefined when the bytes are none of them or end before the size. */
export function readImageHeader(bytes: Uint8Array): ImageHeader | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const header = pngHeader(bytes, view) ?? jpegHeader(bytes, view) ?? webpHeader(bytes, view)
  return header && header.width > 0 && header.height > 0 ? header : undefined
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

function startsWith(bytes: Uint8Array, at: number, expected: readonly number[]): boolean {
  return bytes.byteLength >= at + expected.length && expected.every((b, i) => bytes[at + i] === b)
}

function fourCc(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + 4))
}

/** PNG: the IHDR chunk, which the format requires to come first (width, height, bit depth, ...). */
function pngHeader(bytes: Uint8Array, view: DataView): ImageHeader | undefined {
  if (!startsWith(bytes, 0, PNG_SIGNATURE)) return undefined
  // signature (8), chunk length (4), "IHDR" (4), width (4), height (4), bit depth (1)
  if (bytes.byteLength < 25 || view.getUint32(8) !== 13 || fourCc(bytes, 12) !== 'IHDR') return undefined
  const width = view.getUint32(16)
  const height = view.getUint32(20)
  // The format caps both at 2^31 - 1.
  if (width > 0x7fffffff || height > 0x7fffffff) return undefined
  return { format: 'png', width, height, bitDepth: view.getUint8(24) }
}

/** Markers from C0 to CF that start a frame (its header holds the size); C4, C8 and CC are other tables. */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc
}

/**
 * JPEG: the first start-of-frame segment, found by stepping from segment to segment by their lengths (a whole
 * segment, at least 4 bytes, per step, never byte by byte through their contents), as a decoder reads them.
 * Anything that is not a marker where one should be, a scan or the image's end before the frame, or a segment
 * that runs past the bytes, is not a JPEG this reads.
 */
function jpegHeader(bytes: Uint8Array, view: DataView): ImageHeader | undefined {
  if (!startsWith(bytes, 0, [0xff, 0xd8, 0xff])) return undefined
  let at = 2
  for (;;) {
    if (bytes[at] !== 0xff) return undefined
    // Any number of 0xFF may pad before a marker.
    while (bytes[at] === 0xff) at++
    const marker = bytes[at]
    at++
    if (marker === undefined) return undefined
    // Markers without a length: TEM and the restart markers.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue
    // SOI again, EOI, or the first scan (SOS), before any frame header.
    if (marker === 0xd8 || marker === 0xd9 || marker === 0xda || marker === 0x00) return undefined
    if (at + 2 > bytes.byteLength) return undefined
    const length = view.getUint16(at)
    if (length < 2 || at + length > bytes.byteLength) return undefined
    if (isStartOfFrame(marker)) {
      // length (2), precision (1), height (2), width (2)
      if (length < 7) return undefined
      return {
        format: 'jpeg',
        bitDepth: view.getUint8(at + 2),
        height: view.getUint16(at + 3),
        width: view.getUint16(at + 5),
      }
    }
    at += length
  }
}

/**
 * WebP: the first chunk of its RIFF container. A simple lossy file starts with its VP8 frame, a lossless one with
 * its VP8L image, an extended one (alpha, animation, metadata) with VP8X and the canvas size.
 */
function webpHeader(bytes: Uint8Array, view: DataView): ImageHeader | undefined {
  if (bytes.byteLength < 20 || fourCc(bytes, 0) !== 'RIFF' || fourCc(bytes, 8) !== 'WEBP') return undefined
  const chunk = fourCc(bytes, 12)
  const data = 20
  const size = view.getUint32(16, true)
  const has = (n: number) => size >= n && bytes.byteLength >= data + n
  if (chunk === 'VP8 ') {
    // frame tag (3), start code 9D 01 2A (3), then 14-bit width and height, each with 2 bits of scale above
    if (!has(10) || !startsWith(bytes, data + 3, [0x9d, 0x01, 0x2a])) return undefined
    return {
      format: 'webp',
      width: view.getUint16(data + 6, true) & 0x3fff,
      height: view.getUint16(data + 8, true) & 0x3fff,
      bitDepth: 8,
    }
  }
  if (chunk === 'VP8L') {
    // signature 2F, then width - 1 and height - 1 in 14 bits each
    if (!has(5) || bytes[data] !== 0x2f) return undefined
    const bits = view.getUint32(data + 1, true)
    return { format: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1, bitDepth: 8 }
  }
  if (chunk === 'VP8X') {
    // flags (1), reserved (3), canvas width - 1 and height - 1 in 24 bits each
    if (!has(10)) return undefined
    const uint24 = (at: number) => view.getUint16(at, true) + (view.getUint8(at + 2) << 16)
    return { format: 'webp', width: uint24(data + 4) + 1, height: uint24(data + 7) + 1, bitDepth: 8 }
  }
  return undefined
}
