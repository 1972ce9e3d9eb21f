import { readFileSync } from 'node:fs'
import { DOCUMENT_FORMAT, documentFormat, upgradeDocument } from '@templet/template'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import {
  openSaved,
  renderSaved,
  SAVED_DOCUMENTS_DIR,
  savedDocuments,
  savedPages,
  savedPicture,
} from '../scripts/saved-documents'

/** Every channel of every pixel, RGBA, as the PNG holds it. */
const pixels = (png: Buffer) => sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })

/**
 * How far a fresh picture is from the reference: the largest difference of one channel of one pixel (0–255),
 * how many channels differ by more than `tolerance`, and the first such pixel.
 */
async function difference(fresh: Buffer, reference: Buffer, tolerance: number) {
  const [a, b] = await Promise.all([pixels(fresh), pixels(reference)])
  if (a.info.width !== b.info.width || a.info.height !== b.info.height)
    return { size: `${a.info.width} × ${a.info.height}, not ${b.info.width} × ${b.info.height}` }
  let max = 0
  let over = 0
  let first: string | undefined
  for (let i = 0; i < a.data.length; i++) {
    const d = Math.abs((a.data[i] ?? 0) - (b.data[i] ?? 0))
    if (d > max) max = d
    if (d > tolerance) {
      over++
      const p = Math.floor(i / 4)
      first ??= `x ${p % a.info.width}, y ${Math.floor(p / a.info.width)}`
    }
  }
  return { max, over, first }
}

describe('documents saved by earlier releases open, upgrade and render as they did', () => {
  const names = savedDocuments()

  it('has the corpus', () => {
    expect(names.length).toBeGreaterThanOrEqual(8)
  })

  it.each(names)('%s', async (name) => {
    const json: unknown = JSON.parse(readFileSync(`${SAVED_DOCUMENTS_DIR}${name}.json`, 'utf8'))
    expect(documentFormat(json)).toBeLessThanOrEqual(DOCUMENT_FORMAT)
    // Upgraded to this release's format (through every step since the document's), then parsed.
    const upgraded = upgradeDocument(json)
    expect(documentFormat(upgraded)).toBe(DOCUMENT_FORMAT)
    const t = openSaved(name)
    // Every page, each against the picture that release drew of it (a document of one page has one).
    for (const page of savedPages(t)) {
      const out = await renderSaved(t, page)
      const reference = readFileSync(savedPicture(name, page))
      // Within 1/255 on every channel of every pixel: the picture the release drew, not one like it.
      expect({ page, ...(await difference(out.png, reference, 1)) }).toEqual({
        page,
        max: expect.any(Number),
        over: 0,
        first: undefined,
      })
    }
  })
})
