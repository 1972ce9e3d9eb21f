import { execFileSync } from 'node:child_process'
import { createCanvas } from '@napi-rs/canvas'
import { loadCatalogue } from '@templet/catalogue'
import { type FontFamily, layoutText, prepareText } from '@templet/template'
import { describe, expect, it } from 'vitest'
import { joiningEmoji } from '../src/emoji'
import { loadFaces } from '../src/fonts'
import { render, renderPreview, validateValues } from '../src/index'
import { facesUsed, missingGlyphs } from './fonts-used'
import {
  BOX,
  diffCentroidX,
  inkBox,
  inkDistance,
  type Picture,
  pixels,
  reference,
  SIZE,
  textProbe,
} from './text-probe'

/**
 * One test (or a few) per row of the table of what customers typed and did not get: each script drawn
 * whole in the face meant for it, the bidi cases in their visual order, emoji sequences as one colour
 * glyph, right-to-left values keeping a composition's side, refusals that name what to change.
 */

/** A text drawn by the renderer in a left-aligned layer (grey pixels). */
async function drawn(text: string, layer: Record<string, unknown> = {}, grey = true) {
  const p = await renderPreview(
    textProbe({ align: 'left', ...layer }),
    { text },
    { maxSide: 800, format: 'png' },
  )
  return pixels(p.data, grey)
}

/** Asserts the renderer drew a text in `face` (not in `other`, the face it would wrongly take). */
async function expectDrawnIn(text: string, layer: Record<string, unknown>, face: string, other: string) {
  const got = await drawn(text, layer)
  const right = inkDistance(got, await reference(text, face))
  const wrong = inkDistance(got, await reference(text, other))
  expect(right, `${text} in ${face}`).toBeLessThan(6)
  expect(right * 3, `${text}: ${face} against ${other}`).toBeLessThan(wrong)
}

const SCRIPTS: Array<[string, string, FontFamily, string, string]> = [
  ['Korean', '디자인으로 매일을', 'sans', 'Templet Noto Sans KR', 'Templet Noto Sans SC'],
  ['Korean (serif)', '디자인으로 매일을', 'serif', 'Templet Noto Serif KR', 'Templet Noto Sans KR'],
  ['Thai', 'การออกแบบทำให้', 'sans', 'Templet Noto Sans Thai', 'Templet Noto Sans Thai Looped'],
  ['Thai (serif)', 'การออกแบบทำให้', 'serif', 'Templet Noto Sans Thai Looped', 'Templet Noto Sans Thai'],
  ['Devanagari', 'डिज़ाइन हर दिन', 'sans', 'Templet Noto Sans Devanagari', 'Templet Noto Serif Devanagari'],
  ['Bengali', 'নকশা প্রতিটি দিন', 'sans', 'Templet Noto Sans Bengali', 'Templet Noto Serif Bengali'],
  ['Tamil', 'வடிவமைப்பு', 'sans', 'Templet Noto Sans Tamil', 'Templet Noto Sans Devanagari'],
  ['Khmer', 'ការរចនាធ្វើឱ្យ', 'sans', 'Templet Noto Sans Khmer', 'Templet Noto Serif Khmer'],
  ['Greek with accents (serif)', 'Καλημέρα ΐ ὥρα', 'serif', 'Templet Noto Serif', 'Templet Noto Serif SC'],
  ['Greek with accents (grotesk)', 'Καλημέρα σας', 'grotesk', 'Templet Inter', 'Templet Noto Sans SC'],
  ['Cyrillic (grotesk)', 'Съешь ещё этих', 'grotesk', 'Templet Inter', 'Templet Noto Sans SC'],
]

describe('every script draws whole, in the face meant for it', () => {
  const quote = loadCatalogue().templates.find((t) => t.id === 'bold-quote')
  if (!quote) throw new Error('no bold-quote')

  it.each(SCRIPTS)('%s: accepted, every glyph in %s’s face for it', (_, text, family, face) => {
    expect(validateValues(quote, { quote: text })).toEqual([])
    expect(missingGlyphs(text, family)).toEqual([])
    const letters = facesUsed(text, family).filter((u) => /\p{L}/u.test(u.ch))
    expect(new Set(letters.map((u) => u.face))).toEqual(new Set([face]))
  })

  it.each(SCRIPTS)('%s: drawn in that face (%s), not another', async (_, text, font, face, other) => {
    await expectDrawnIn(text, { font }, face, other)
  })
})

describe('Han characters take the forms of the text’s language', () => {
  // 骨 and 直 are drawn differently in mainland, Taiwan and Japanese print.
  it('Japanese (kana in the text) takes Japanese forms', async () => {
    await expectDrawnIn('骨直す', {}, 'Templet Noto Sans JP', 'Templet Noto Sans SC')
  })

  it('traditional Chinese (by its characters, or a layer’s lang) takes Taiwan’s forms', async () => {
    await expectDrawnIn('歡迎骨直', {}, 'Templet Noto Sans TC', 'Templet Noto Sans SC')
    await expectDrawnIn('骨直', { lang: 'zh-TW' }, 'Templet Noto Sans TC', 'Templet Noto Sans SC')
  })

  it('a render told the values are Japanese takes Japanese forms for kanji alone', async () => {
    const t = textProbe({ align: 'left' })
    const asJa = await renderPreview(t, { text: '骨直' }, { maxSide: 800, format: 'png', lang: 'ja' })
    const got = await pixels(asJa.data)
    expect(inkDistance(got, await reference('骨直', 'Templet Noto Sans JP'))).toBeLessThan(6)
  })

  it('mainland text keeps mainland forms', async () => {
    await expectDrawnIn('骨直', {}, 'Templet Noto Sans SC', 'Templet Noto Sans JP')
  })
})

/** The lines a text wraps into in the probe's box, laid out with the renderer's fonts. */
function linesOf(text: string) {
  const style = {
    family: 'sans' as const,
    weight: 400,
    size: SIZE,
    lineHeight: 1.2,
    letterSpacing: 0,
    wrap: true,
  }
  const ctx = joiningEmoji(createCanvas(10, 10).getContext('2d'))
  loadFaces(['Templet Inter', 'Templet Noto Sans Arabic', 'Templet Noto Emoji'])
  return layoutText(ctx, prepareText(text, style), style, BOX).lines
}

describe('bidi: direction once per paragraph, lines ordered from it', () => {
  it('an Arabic paragraph whose second line starts with a Latin word lays that line out right to left', async () => {
    const text = 'مرحبا بكم في متجرنا الجديد Templet شكرا'
    expect(linesOf(text)[1]?.startsWith('Templet')).toBe(true)
    // The Latin word is the line's first in reading order, so it is drawn at its right end.
    const a = await drawn(text, { rtl: 'mirror' })
    const b = await drawn(text.replace('Templet', 'Tempest'), { rtl: 'mirror' })
    expect(diffCentroidX(a, b)).toBeGreaterThan(BOX.x + BOX.w * 0.6)
  })

  it('an English paragraph with Arabic and Arabic-Indic digits keeps its wrapped lines left to right', async () => {
    const text = 'Opening Monday at في المتجر ١٢ الجديد now'
    const lines = linesOf(text)
    expect(lines.length).toBe(2)
    expect(lines[1]).toMatch(/^المتجر/)
    // The second line starts with Arabic, but the paragraph is English: its last word ends the line at the
    // right, after the Arabic (a direction guessed for the line alone put it at the left).
    const a = await drawn(text)
    const b = await drawn(text.replace('now', 'nob'))
    const ink = inkBox(a)
    expect(ink).toBeDefined()
    if (!ink) return
    expect(diffCentroidX(a, b)).toBeGreaterThan(ink.minX + (ink.maxX - ink.minX) * 0.4)
  })
})

describe('a right-to-left value in a left-to-right design', () => {
  it.each([
    ['Arabic', 'مرحبا بكم'],
    ['Hebrew', 'שלום עולם'],
  ])('%s in a start-aligned layer stays at the composition’s left', async (_, text) => {
    const ink = inkBox(await drawn(text, { align: 'start' }))
    expect(ink?.minX).toBeLessThan(BOX.x + 8)
    expect(ink?.maxX).toBeLessThan(BOX.x + BOX.w / 2)
  })

  it('a layer that mirrors puts it at the right', async () => {
    const ink = inkBox(await drawn('مرحبا بكم', { align: 'start', rtl: 'mirror' }))
    expect(ink?.maxX).toBeGreaterThan(BOX.x + BOX.w - 8)
  })
})

/** Pixels whose channels are far apart: colour, not grey ink. */
function colourPixels(p: Picture) {
  let n = 0
  for (let i = 0; i < p.data.length; i += p.channels) {
    const [r, g, b] = [p.data[i] ?? 0, p.data[i + 1] ?? 0, p.data[i + 2] ?? 0]
    if (Math.max(r, g, b) - Math.min(r, g, b) > 60) n++
  }
  return n
}

describe('emoji in colour, each sequence one glyph', () => {
  it.each([
    ['skin tone', '👍🏽'],
    ['ZWJ flag', '🏳️‍🌈'],
    ['ZWJ', '❤️‍🔥'],
    ['ZWJ profession', '👩‍💻'],
    ['flag', '🇯🇵'],
    ['subdivision flag', '🏴󠁧󠁢󠁳󠁣󠁴󠁿'],
    ['keycap', '1️⃣'],
    ['VS16', '❤️'],
  ])('%s %s is drawn as one colour glyph', async (_, seq) => {
    const colour = await drawn(seq, {}, false)
    expect(colourPixels(colour)).toBeGreaterThan(200)
    const ink = inkBox(await drawn(seq), 250)
    expect(ink).toBeDefined()
    if (!ink) return
    // One glyph: an emoji is about 1.2 em wide; a sequence cut in two draws two side by side (2.5 em).
    expect(ink.maxX - ink.minX).toBeLessThan(SIZE * 1.4)
  })

  it('keeps the skin tone', async () => {
    const toned = await drawn('👍🏿', {}, false)
    const plain = await drawn('👍', {}, false)
    const changed = toned.data.filter((v, i) => Math.abs(v - (plain.data[i] ?? 0)) > 40).length
    expect(changed).toBeGreaterThan(500)
  })

  it('a bare ❤ stays text, in the text’s colour', async () => {
    expect(colourPixels(await drawn('❤', {}, false))).toBe(0)
  })
})

describe('fonts load on first use', () => {
  it('a process that draws only Latin never registers nor maps the Thai or CJK fonts', () => {
    const script = `
      import { readFileSync } from 'node:fs'
      import { parseTemplate } from '@templet/template'
      import { render, registeredFamilies } from './src/index.ts'
      const t = parseTemplate(${JSON.stringify({
        id: 'latin-only',
        typeId: 'social-posts',
        name: { en: 'L', 'zh-CN': 'L' },
        sizes: [{ id: 's', width: 200, height: 100, label: { en: 'S', 'zh-CN': 'S' } }],
        fields: [],
        layers: [{ id: 't', type: 'text', text: 'Hello', size: 30 }],
        samples: { en: {}, 'zh-CN': {} },
      })})
      await render(t, {})
      const maps = readFileSync('/proc/self/maps', 'utf8')
      console.log(JSON.stringify({ families: registeredFamilies(), thai: maps.includes('NotoSansThai'), cjk: /NotoSans(SC|JP|KR|TC)/.test(maps) }))
    `
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: new URL('..', import.meta.url).pathname,
      encoding: 'utf8',
    })
    const seen = JSON.parse(out.trim().split('\n').pop() ?? '{}')
    expect(seen.families).toContain('Templet Inter')
    expect(seen.families).not.toContain('Templet Noto Sans Thai')
    expect(seen.families).not.toContain('Templet Noto Sans SC')
    expect(seen.thai).toBe(false)
    expect(seen.cjk).toBe(false)
  })
})

describe('text that does not fit', () => {
  it('is reported by the render, by layer', async () => {
    const long = 'A headline far too long for its box, written by a customer with a lot to say '.repeat(4)
    const cut = await render(textProbe({ maxLines: 2 }), { text: long })
    expect(cut.truncated).toEqual(['text'])
    const fits = await render(textProbe({}), { text: 'Short' })
    expect(fits.truncated).toEqual([])
  })
})
