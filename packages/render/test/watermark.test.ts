import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { loadCatalogue, sampleImages } from '@templet/catalogue'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { render, renderPdf } from '../src/index'

const template = (id: string) => {
  const t = loadCatalogue().templates.find((x) => x.id === id)
  if (!t) throw new Error(`no template ${id}`)
  return t
}

/** How many pixels of two same-sized images differ by more than a JPEG's noise. */
async function differing(a: Buffer, b: Buffer): Promise<{ share: number; width: number }> {
  const [pa, pb] = await Promise.all([a, b].map((x) => sharp(x).raw().toBuffer({ resolveWithObject: true })))
  if (!pa || !pb) throw new Error('no pixels')
  let changed = 0
  for (let i = 0; i < pa.data.length; i += pa.info.channels)
    if (Math.abs((pa.data[i] ?? 0) - (pb.data[i] ?? 0)) > 24) changed++
  return { share: changed / (pa.info.width * pa.info.height), width: pa.info.width }
}

const dir = mkdtempSync(path.join(tmpdir(), 'templet-watermark-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('watermark', () => {
  const t = template('photo-feature')
  const o = { images: sampleImages, sizeId: 'square' }

  it('marks every raster file and the thumbnail across the picture, leaving the size as it was', async () => {
    const plain = await render(t, t.samples.en, o)
    const marked = await render(t, t.samples.en, { ...o, watermark: true })
    expect([marked.width, marked.height]).toEqual([plain.width, plain.height])
    for (const f of ['png', 'jpeg', 'webp', 'thumbnail'] as const) {
      const { share } = await differing(plain[f], marked[f])
      // Letters in rows across the whole picture: far more than a speck, far less than a cover.
      expect(share, f).toBeGreaterThan(0.02)
      expect(share, f).toBeLessThan(0.5)
    }
  })

  it('leaves the output byte for byte as before without the option', async () => {
    const plain = await render(t, t.samples.en, o)
    const off = await render(t, t.samples.en, { ...o, watermark: false })
    for (const f of ['png', 'jpeg', 'webp', 'thumbnail'] as const)
      expect(off[f].equals(plain[f]), f).toBe(true)
  })

  it('marks a PDF page with its words as text', async () => {
    const award = template('award-certificate')
    const pdfText = (pdf: Buffer) => {
      const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`)
      writeFileSync(file, pdf)
      return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
    }
    const plain = await renderPdf(award, [award.samples.en], { images: sampleImages })
    const marked = await renderPdf(award, [award.samples.en], { images: sampleImages, watermark: true })
    expect(pdfText(plain)).not.toContain('TEMPLET TEST')
    expect(pdfText(marked)).toContain('TEMPLET TEST')
  })
})
