import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { renderPdf, renderPreview } from '../src/index'
import { inkBox, pixels, textProbe } from './text-probe'

const dir = mkdtempSync(path.join(tmpdir(), 'templet-text-effects-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** The probe's text drawn with `layer`'s overrides, as colour pixels. */
async function draw(layer: Record<string, unknown>) {
  const p = await renderPreview(textProbe(layer), { text: 'Hello' }, { maxSide: 800, format: 'png' })
  return pixels(p.data, false)
}

/** Pixels of exactly (or within 40 levels of) a colour. */
const count = (p: Awaited<ReturnType<typeof draw>>, [r, g, b]: [number, number, number]) => {
  let n = 0
  for (let i = 0; i < p.data.length; i += p.channels)
    if (
      Math.abs((p.data[i] ?? 0) - r) < 40 &&
      Math.abs((p.data[i + 1] ?? 0) - g) < 40 &&
      Math.abs((p.data[i + 2] ?? 0) - b) < 40
    )
      n++
  return n
}

describe("a text's outline and shadow", () => {
  it('an outline draws its colour around the letters, which keep their own', async () => {
    const plain = await draw({})
    const outlined = await draw({ outline: { color: '#ff0000', width: 3 } })
    expect(count(plain, [255, 0, 0])).toBe(0)
    expect(count(outlined, [255, 0, 0])).toBeGreaterThan(500)
    // The letters are still black: the outline is under the fill.
    expect(count(outlined, [0, 0, 0])).toBeGreaterThan(count(plain, [0, 0, 0]) * 0.6)
  })

  it('a shadow draws below and beside the letters by its offset', async () => {
    const plain = inkBox(
      await pixels(
        (await renderPreview(textProbe({}), { text: 'Hello' }, { maxSide: 800, format: 'png' })).data,
      ),
      200,
    )
    const shadowed = inkBox(
      await pixels(
        (
          await renderPreview(
            textProbe({ shadow: { color: '#000000', x: 12, y: 16, blur: 0 } }),
            { text: 'Hello' },
            { maxSide: 800, format: 'png' },
          )
        ).data,
      ),
      200,
    )
    expect(shadowed?.maxX).toBe((plain?.maxX ?? 0) + 12)
    expect(shadowed?.maxY).toBe((plain?.maxY ?? 0) + 16)
    expect(shadowed?.minX).toBe(plain?.minX)
  })

  it('in a PDF, outlined and shadowed words copy out once each', async () => {
    const t = textProbe({
      outline: { color: '#ff0000', width: 2 },
      shadow: { color: '#00000080', x: 2, y: 3, blur: 4 },
    })
    const file = path.join(dir, 'effects.pdf')
    writeFileSync(file, await renderPdf(t, [{ text: 'Outlined words' }]))
    // Nothing but the words: no second copy, no direction marks around them.
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
    expect(text.trim()).toBe('Outlined words')
  })
})
