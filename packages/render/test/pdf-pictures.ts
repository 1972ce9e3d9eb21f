import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sampleImages } from '@templet/catalogue'
import type { Locale, Template } from '@templet/template'
import sharp from 'sharp'
import { renderPdf, renderPreview } from '../src/index'

const dir = mkdtempSync(path.join(os.tmpdir(), 'templet-pdf-page-'))

/**
 * A template's PDF page rasterised by poppler's pdftoppm at the size of the PNG preview of the same values,
 * both as PNG, and how far apart they are: the mean difference of the channel values, and the share that
 * differ by more than 64 (edges anti-aliased differently).
 */
export async function pdfBesidePng(t: Template, sizeId: string, locale: Locale) {
  const values = t.samples[locale]
  const options = { sizeId, locale, images: sampleImages }
  const preview = await renderPreview(t, values, { ...options, maxSide: 600, format: 'png' })
  const file = path.join(dir, `${t.id}-${sizeId}-${locale}`)
  writeFileSync(`${file}.pdf`, await renderPdf(t, [values], options))
  const [x, y] = [String(preview.width), String(preview.height)]
  execFileSync('pdftoppm', ['-png', '-singlefile', '-scale-to-x', x, '-scale-to-y', y, `${file}.pdf`, file])
  const page = readFileSync(`${file}.png`)
  const [a, b] = (await Promise.all(
    [preview.data, page].map((img) => sharp(img).removeAlpha().raw().toBuffer()),
  )) as [Buffer, Buffer]
  let sum = 0
  let off = 0
  for (let i = 0; i < a.length; i++) {
    const d = Math.abs((a[i] ?? 0) - (b[i] ?? 0))
    sum += d
    if (d > 64) off++
  }
  return { png: preview.data, page, difference: { mean: sum / a.length, off: off / a.length } }
}
