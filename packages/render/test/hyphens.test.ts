import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { renderPdf, renderPreview } from '../src/index'
import { textProbe } from './text-probe'

const dir = mkdtempSync(path.join(tmpdir(), 'templet-hyphens-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/**
 * The text of the probe's PDF as poppler's pdftotext reads it: `-layout` keeps each drawn line as it is drawn;
 * by default it reads as a reader copies, joining a word hyphenated at a line's end.
 */
async function copied(
  layer: Record<string, unknown>,
  text: string,
  mode: 'layout' | 'copy' = 'layout',
  box = { x: 100, y: 20, w: 260, h: 360 },
) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`)
  writeFileSync(file, await renderPdf(textProbe(layer, box), [{ text }]))
  const args = mode === 'layout' ? ['-layout'] : []
  return execFileSync('pdftotext', [...args, '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
}

const png = async (text: string) =>
  (await renderPreview(textProbe({}), { text }, { maxSide: 800, format: 'png' })).data

describe('soft hyphens and hyphenation, drawn', () => {
  it('a soft hyphen where the line does not break draws nothing, and copies out as nothing', async () => {
    expect((await png('co\u00ADop\u00ADer\u00ADa\u00ADtive')).equals(await png('cooperative'))).toBe(true)
    expect(await copied({}, 'co\u00ADop\u00ADer\u00ADa\u00ADtive', 'copy')).toEqual(['cooperative'])
  })

  it('a line broken at a soft hyphen shows a hyphen, and the PDF copies out without soft hyphens', async () => {
    const text = 'Incom\u00ADpre\u00ADhen\u00ADsi\u00ADbil\u00ADity'
    const lines = await copied({}, text)
    expect(lines.length).toBeGreaterThan(1)
    expect(lines[0]?.endsWith('-')).toBe(true)
    expect(lines.join('')).not.toContain('\u00AD')
    expect(lines.join('').replace(/-/g, '')).toBe('Incomprehensibility')
    expect(await copied({}, text, 'copy')).toEqual(['Incomprehensibility'])
  })

  it('hyphenates by the language patterns only when the layer asks', async () => {
    const text = 'Our extraordinary offer'
    const box = { x: 20, y: 20, w: 380, h: 360 }
    const off = await copied({}, text, 'layout', box)
    expect(off.some((l) => l.endsWith('-'))).toBe(false)
    const on = await copied({ hyphenate: true }, text, 'layout', box)
    expect(on.some((l) => l.endsWith('-'))).toBe(true)
    expect(on.join(' ').replace(/- /g, '')).toBe(text)
  })

  it('a word too long for its box is cut with a hyphen', async () => {
    const lines = await copied({}, 'Rindfleischetikettierungsüberwachungsaufgaben')
    expect(lines.length).toBeGreaterThan(1)
    expect(lines.slice(0, -1).every((l) => l.endsWith('-'))).toBe(true)
  })
})
