import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { DOCUMENT_FORMAT, parseTemplate, type Template } from '@templet/template'
import { afterAll, describe, expect, it } from 'vitest'
import { render, renderPdf } from '../src/index'
import { BOX, inkBox, type Picture, pixels, SIZE } from './text-probe'

const BRAND = [0xe4, 0x57, 0x2e] as const

/** One black text on white in the probe's box, written in this release's format (which reads colour runs). */
const probe = (text: string, layer: Record<string, unknown> = {}): Template =>
  parseTemplate({
    format: DOCUMENT_FORMAT,
    id: 'colour-probe',
    typeId: 'social-posts',
    name: { en: 'Probe', 'zh-CN': '探针' },
    sizes: [{ id: 'wide', width: 800, height: 400, label: { en: 'Wide', 'zh-CN': '宽' } }],
    fields: [
      { key: 'word', kind: 'text', label: { en: 'Word', 'zh-CN': '词' }, default: 'sale', maxLength: 40 },
    ],
    layers: [
      { id: 'bg', type: 'shape', fill: '#ffffff' },
      { id: 'text', type: 'text', text, size: SIZE, color: '#000000', box: BOX, ...layer },
    ],
    samples: { en: {}, 'zh-CN': {} },
  })

const png = async (t: Template, grey = false) =>
  pixels((await render(t, { word: 'sale' }, { formats: ['png'] })).png as Buffer, grey)

/** The box of the pixels within `tolerance` of `rgb` on every channel. */
function colourBox(p: Picture, rgb: readonly number[], tolerance = 12) {
  let [minX, minY, maxX, maxY, n] = [p.width, p.height, -1, -1, 0]
  for (let y = 0; y < p.height; y++)
    for (let x = 0; x < p.width; x++) {
      const i = (y * p.width + x) * p.channels
      if (rgb.every((c, k) => Math.abs((p.data[i + k] ?? 0) - c) <= tolerance)) {
        n++
        minX = Math.min(minX, x)
        maxX = Math.max(maxX, x)
        minY = Math.min(minY, y)
        maxY = Math.max(maxY, y)
      }
    }
  return { n, minX, maxX, minY, maxY }
}

describe('colour runs, rendered', () => {
  it('draws the run’s words in its colour, and only them, in a PNG', async () => {
    const coloured = await png(probe('Big [#e4572e]{{word}}[/] now'))
    const run = colourBox(coloured, BRAND)
    expect(run.n).toBeGreaterThan(200)
    // Between "Big " and " now": the word's own place on the line.
    const big = inkBox(await png(probe('Big'), true))
    const bigSale = inkBox(await png(probe('Big sale'), true))
    if (!big || !bigSale) throw new Error('no ink')
    expect(run.minX).toBeGreaterThan(big.maxX)
    expect(run.maxX).toBeLessThanOrEqual(bigSale.maxX)
    // The rest is black as the layer's colour; the same words without the run have no brand colour at all.
    expect(colourBox(coloured, [0, 0, 0], 24).minX).toBeLessThan(run.minX)
    expect(colourBox(await png(probe('Big {{word}} now')), BRAND).n).toBe(0)
  })

  it('underlines the run in its colour, the rest in the layer’s', async () => {
    const p = await png(probe('Big [#e4572e]sale[/] now', { underline: true }))
    const run = colourBox(p, BRAND)
    const plain = colourBox(await png(probe('Big [#e4572e]sale[/] now')), BRAND)
    // The underline adds brand-coloured rows below the word's letters.
    expect(run.maxY).toBeGreaterThan(plain.maxY)
    expect(run.n).toBeGreaterThan(plain.n)
  })

  const dir = mkdtempSync(path.join(tmpdir(), 'templet-colour-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('copies out of a PDF as words, without its markers', async () => {
    const file = path.join(dir, 'colour.pdf')
    writeFileSync(file, await renderPdf(probe('**Big** [#e4572e]{{word}}[/] now'), [{ word: 'sale' }]))
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
    expect(text.trim()).toBe('Big sale now')
  })
})
