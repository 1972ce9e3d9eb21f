import { loadCatalogue } from '@templet/catalogue'
import type { FontFamily } from '@templet/template'
import { describe, expect, it } from 'vitest'
import { renderPreview } from '../src/index'
import { missingGlyphs } from './fonts-used'
import { BOX, diffCentroidX, inkBox, type Picture, pixels, textProbe } from './text-probe'

const CHINESE = '设计让每一天更美好，欢迎来到我们的新店。'
const JAPANESE = 'デザインで毎日をもっと素敵に。ようこそ！'
const ARABIC = 'مرحبا بكم في متجرنا الجديد'
const HEBREW = 'ברוכים הבאים לחנות החדשה שלנו'

/** Renders a text and returns its grey pixels (0 = ink, 255 = paper). */
async function draw(text: string, layer: Record<string, unknown> = {}) {
  const p = await renderPreview(textProbe(layer), { text }, { maxSide: 800, format: 'png' })
  return pixels(p.data)
}
type Gray = Picture

/** Mean absolute difference of two renders, in grey levels. */
const meanDiff = (a: Gray, b: Gray) =>
  a.data.reduce((sum, v, i) => sum + Math.abs(v - (b.data[i] ?? 0)), 0) / a.data.length

describe('fonts: every glyph comes from a shipped font that has it (no tofu)', () => {
  const families: FontFamily[] = ['sans', 'serif', 'grotesk']
  it.each([
    ['Chinese', CHINESE],
    ['Japanese', JAPANESE],
    ['Arabic', ARABIC],
    ['Hebrew', HEBREW],
  ])('%s text is covered by the faces of its runs in every family', (_, text) => {
    for (const family of families) expect(missingGlyphs(text, family), family).toEqual([])
  })

  it('every text of the catalogue (defaults, static text, samples) is covered by its layer font', () => {
    for (const t of loadCatalogue().templates) {
      const texts = t.fields.flatMap((f) =>
        f.kind === 'text'
          ? [typeof f.default === 'string' ? f.default : `${f.default.en}${f.default['zh-CN']}`]
          : [],
      )
      texts.push(...Object.values(t.samples.en), ...Object.values(t.samples['zh-CN']))
      const all = texts.join('').replace(/\{\{[^}]*\}\}/g, '')
      for (const l of t.layers) {
        if (l.type !== 'text') continue
        const own = typeof l.text === 'string' ? l.text : `${l.text.en}${l.text['zh-CN']}`
        // A font bound to a choice may be any family; check them all.
        const stacks = typeof l.font === 'string' ? [l.font] : families
        for (const stack of stacks) expect(missingGlyphs(all + own, stack), `${t.id}/${l.id}`).toEqual([])
      }
    }
  })

  it.each([
    ['Chinese', CHINESE],
    ['Arabic', ARABIC],
    ['Hebrew', HEBREW],
  ])('no %s character is drawn as the missing-glyph box', async (_, text) => {
    // U+E000 (private use) is in none of the fonts, so it draws the .notdef box: what tofu looks like.
    const tofu = await draw('\uE000', { align: 'left', direction: 'ltr' })
    const tofuInk = tofu.data.reduce((n, v) => n + (v < 128 ? 1 : 0), 0)
    expect(tofuInk).toBeGreaterThan(0)
    for (const ch of new Set(text.replace(/\s/g, ''))) {
      const g = await draw(ch, { align: 'left', direction: 'ltr' })
      const same = g.data.every((v, i) => Math.abs(v - (tofu.data[i] ?? 0)) < 32)
      expect(same, `${ch} U+${ch.codePointAt(0)?.toString(16)}`).toBe(false)
    }
  })
})

describe('system fonts', () => {
  it('a character no shipped font has is left out, never drawn from a system font', async () => {
    // Without the guard Skia draws Ethiopic from a system font where one exists, and .notdef boxes where
    // none does; either way the picture would differ from the same text without it.
    const withEthiopic = await draw('Hello ሰላም', { align: 'left' })
    const without = await draw('Hello ', { align: 'left' })
    expect(meanDiff(withEthiopic, without)).toBe(0)
  })
})

describe('right-to-left text', () => {
  it.each([
    ['Hebrew', 'שלום עולם'],
    ['Arabic', 'مرحبا بكم'],
  ])('%s: the first letter is drawn at the right end of the line', async (_, text) => {
    // Left-aligned, so the line's left end stays put: deleting the first letter changes only the pixels
    // where it was drawn (the right end when the order is right; the whole line shifts when it is not).
    const full = await draw(text, { align: 'left' })
    const rest = await draw(text.slice(1), { align: 'left' })
    const ink = inkBox(full)
    expect(ink).toBeDefined()
    if (!ink) return
    expect(diffCentroidX(full, rest)).toBeGreaterThan(ink.minX + (ink.maxX - ink.minX) * 0.8)
  })

  it.each([
    ['Hebrew', HEBREW],
    ['Arabic', ARABIC],
  ])('%s: a layer that mirrors for right-to-left text puts start at the right edge', async (_, text) => {
    const ink = inkBox(await draw(text, { rtl: 'mirror' }))
    expect(ink?.maxX).toBeGreaterThan(BOX.x + BOX.w - 8)
    expect(ink?.maxX).toBeLessThanOrEqual(BOX.x + BOX.w + 2)
  })

  it('Latin inside a Hebrew line keeps its own left-to-right order', async () => {
    // Expected, left to right: "ABC" then the Hebrew word with its letters reversed. Drawn with a
    // left-to-right override (U+202D) so the renderer cannot reorder it, it is the reference picture.
    const mixed = await draw('שלום ABC', { align: 'left' })
    const visual = await draw('\u202DABC םולש\u202C', { align: 'left', direction: 'ltr' })
    const logical = await draw('\u202Dשלום ABC\u202C', { align: 'left', direction: 'ltr' })
    const right = meanDiff(mixed, visual)
    expect(right * 5).toBeLessThan(meanDiff(mixed, logical))
  })

  it('Arabic letters are joined (shaped), not drawn as isolated forms', async () => {
    const joined = inkBox(await draw('سلسلة'))
    const isolated = inkBox(await draw('س ل س ل ة'.replace(/ /g, '\u200C')))
    expect(joined && isolated).toBeTruthy()
    if (!joined || !isolated) return
    // Joined forms are narrower than the same letters cut apart by zero-width non-joiners.
    expect(joined.maxX - joined.minX).toBeLessThan((isolated.maxX - isolated.minX) * 0.9)
  })
})

describe('shrink-to-fit', () => {
  const long = {
    en: 'A headline that is far too long for its box, written by a customer who had a lot to say about the launch',
    zh: '这是一个对它的文本框来说太长的标题，客户想说的话实在太多了，我们得把字缩小才放得下全部内容',
    ar: 'عنوان طويل جدا بالنسبة لمربعه كتبه عميل لديه الكثير ليقوله عن الإطلاق الجديد هذا الأسبوع',
  }
  it.each(Object.entries(long))(
    '%s: long text stays inside its box, whole, at a smaller size',
    async (_, text) => {
      const g = await draw(text, { shrinkToFit: { minSize: 12 }, maxLines: 4 })
      const ink = inkBox(g)
      expect(ink).toBeDefined()
      if (!ink) return
      expect(ink.minX).toBeGreaterThanOrEqual(BOX.x - 2)
      expect(ink.maxX).toBeLessThanOrEqual(BOX.x + BOX.w + 2)
      expect(ink.minY).toBeGreaterThanOrEqual(BOX.y - 2)
      expect(ink.maxY).toBeLessThanOrEqual(BOX.y + BOX.h + 2)
    },
  )

  it('without shrink-to-fit the same text is cut with an ellipsis, still inside the box', async () => {
    const g = await draw(long.en, { maxLines: 2 })
    const ink = inkBox(g)
    expect(ink?.maxY).toBeLessThanOrEqual(BOX.y + BOX.h + 2)
    expect(ink?.maxX).toBeLessThanOrEqual(BOX.x + BOX.w + 2)
  })
})
