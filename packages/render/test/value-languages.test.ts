import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { inflateSync } from 'node:zlib'
import { parseTemplate } from '@templet/template'
import { PDFDocument, PDFName, type PDFRawStream } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { render, renderPdf, validateValues } from '../src/index'
import { inkBox, inkDistance, type Picture, pixels, reference, textProbe } from './text-probe'

/**
 * A value's own language (the customer's choice in the editor, `valueLanguages` of a render) picks the glyph
 * forms of its Han characters: 骨, 直 and 海 are drawn one way in mainland China, another in Taiwan and Hong
 * Kong, another in Japan.
 */

const HAN = '骨直海'
const FACES = {
  ja: 'Templet Noto Sans JP',
  'zh-CN': 'Templet Noto Sans SC',
  'zh-TW': 'Templet Noto Sans TC',
} as const
type Lang = keyof typeof FACES
const LANGS = Object.keys(FACES) as Lang[]

/** The probe's text drawn by `render()` (its PNG) with the value declared in `lang`. */
async function drawnIn(lang: Lang | undefined, text = HAN, layer: Record<string, unknown> = {}) {
  const out = await render(
    textProbe({ align: 'left', ...layer }),
    { text },
    lang ? { valueLanguages: { text: lang } } : {},
  )
  return pixels(out.png)
}

/** Grey pixels that differ by more than a quarter of the range inside the union of both ink boxes. */
function glyphAreaDifference(a: Picture, b: Picture): number {
  const ia = inkBox(a)
  const ib = inkBox(b)
  if (!ia || !ib) throw new Error('no ink')
  let differing = 0
  for (let y = Math.min(ia.minY, ib.minY); y <= Math.max(ia.maxY, ib.maxY); y++)
    for (let x = Math.min(ia.minX, ib.minX); x <= Math.max(ia.maxX, ib.maxX); x++) {
      const i = y * a.width + x
      if (Math.abs((a.data[i] ?? 255) - (b.data[i] ?? 255)) > 64) differing++
    }
  return differing
}

describe('a value’s language picks the forms of its Han characters', () => {
  it('the same Han string draws differently in ja, zh-CN and zh-TW', async () => {
    const drawings = await Promise.all(LANGS.map((lang) => drawnIn(lang)))
    for (let i = 0; i < drawings.length; i++)
      for (let j = i + 1; j < drawings.length; j++) {
        const a = drawings[i] as Picture
        const b = drawings[j] as Picture
        // Hundreds of pixels of 骨, 直 and 海 change between two languages' forms at 48 px.
        expect(glyphAreaDifference(a, b), `${LANGS[i]} against ${LANGS[j]}`).toBeGreaterThan(150)
      }
  })

  it.each(LANGS)('%s: each glyph matches that language’s font, not the others', async (lang) => {
    const got = await drawnIn(lang)
    const own = inkDistance(got, await reference(HAN, FACES[lang]))
    expect(own).toBeLessThan(6)
    for (const other of LANGS.filter((l) => l !== lang))
      expect(own * 3, `${lang} against ${other}`).toBeLessThan(
        inkDistance(got, await reference(HAN, FACES[other])),
      )
  })

  it('without a language the text keeps what it draws today (mainland forms for these)', async () => {
    const none = await drawnIn(undefined)
    expect(glyphAreaDifference(none, await drawnIn('zh-CN'))).toBe(0)
  })

  it('the value’s language comes before the layer’s', async () => {
    const got = await drawnIn('ja', HAN, { lang: 'zh-TW' })
    expect(glyphAreaDifference(got, await drawnIn('ja'))).toBe(0)
  })

  it('a tag with a region or a script takes its forms (zh-HK and zh-Hant are traditional)', async () => {
    const tw = await drawnIn('zh-TW')
    for (const tag of ['zh-HK', 'zh-Hant']) {
      const out = await render(textProbe({ align: 'left' }), { text: HAN }, { valueLanguages: { text: tag } })
      expect(glyphAreaDifference(await pixels(out.png), tw), tag).toBe(0)
    }
  })

  it('only the value takes its language: the layer’s own words keep theirs', async () => {
    // The layer's fixed 骨 then the value 骨, declared Japanese: two different glyphs side by side.
    const t = textProbe({ align: 'left', text: '骨{{text}}' })
    const mixed = await pixels((await render(t, { text: '骨' }, { valueLanguages: { text: 'ja' } })).png)
    const plain = await pixels((await render(t, { text: '骨' })).png)
    const box = inkBox(plain)
    if (!box) throw new Error('no ink')
    const middle = Math.round((box.minX + box.maxX) / 2)
    const differingX: number[] = []
    for (let i = 0; i < plain.data.length; i++)
      if (Math.abs((plain.data[i] ?? 0) - (mixed.data[i] ?? 0)) > 64) differingX.push(i % plain.width)
    expect(differingX.length).toBeGreaterThan(50)
    expect(differingX.every((x) => x > middle)).toBe(true)
  })

  it('CJK punctuation inside a traditional value takes Taiwan’s forms (a centred full stop)', async () => {
    // The ink right of 直 is the full stop: low at the left of its square in mainland print, centred in Taiwan's.
    const stopCentre = async (lang: Lang) => {
      const alone = inkBox(await drawnIn(lang, '直'))
      const g = await drawnIn(lang, '直。')
      if (!alone) throw new Error('no ink')
      let [sumX, sumY, n] = [0, 0, 0]
      for (let y = 0; y < g.height; y++)
        for (let x = alone.maxX + 2; x < g.width; x++)
          if ((g.data[y * g.width + x] ?? 255) < 128) {
            sumX += x - alone.maxX
            sumY += y
            n++
          }
      if (n === 0) throw new Error(`no full stop in ${lang}`)
      return { x: sumX / n, y: sumY / n }
    }
    const tw = await stopCentre('zh-TW')
    const cn = await stopCentre('zh-CN')
    expect(cn.y - tw.y).toBeGreaterThan(8)
    expect(tw.x - cn.x).toBeGreaterThan(8)
  })

  it('a language is checked like the value: characters its forms’ fonts lack are named', () => {
    const t = textProbe({})
    expect(validateValues(t, { text: HAN }, { text: 'ja' })).toEqual([])
    expect(validateValues(t, { text: 'ሰላም' }, { text: 'ja' })[0]).toMatchObject({
      path: 'text',
      code: 'unsupported_characters',
    })
  })
})

describe('the PDF honours a value’s language', () => {
  const certificate = parseTemplate({
    ...JSON.parse(JSON.stringify(textProbe({}))),
    sizes: [
      {
        id: 'a5',
        width: 1748,
        height: 2480,
        label: { en: 'A5', 'zh-CN': 'A5' },
        print: { width: 148, height: 210, unit: 'mm' },
      },
    ],
  })
  const fontsOf = (pdf: Buffer) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'value-lang-'))
    const file = path.join(dir, 'a.pdf')
    writeFileSync(file, pdf)
    return execFileSync('pdffonts', [file], { encoding: 'utf8' })
  }

  it('the Han value is embedded in the font of its language', async () => {
    for (const [lang, font] of [
      ['ja', 'NotoSansJP'],
      ['zh-TW', 'NotoSansTC'],
      ['zh-CN', 'NotoSansSC'],
    ] as const) {
      const pdf = await renderPdf(certificate, [{ text: HAN }], { valueLanguages: { text: lang } })
      const fonts = fontsOf(pdf)
      expect(fonts, lang).toContain(font)
      for (const other of ['NotoSansJP', 'NotoSansTC', 'NotoSansSC'].filter((f) => f !== font))
        expect(fonts, `${lang} without ${other}`).not.toContain(other)
    }
  })

  it('each row of a many-page PDF draws in its own languages (a batch’s rows)', async () => {
    const pdf = await renderPdf(certificate, [{ text: HAN }, { text: HAN }, { text: HAN }], {
      valueLanguages: { text: 'zh-CN' },
      rowLanguages: [{ text: 'ja' }, { text: 'zh-TW' }, undefined],
    })
    const fonts = fontsOf(pdf)
    for (const font of ['NotoSansJP', 'NotoSansTC', 'NotoSansSC']) expect(fonts).toContain(font)
    // Without rows' own languages, every page takes the document's.
    const plain = fontsOf(
      await renderPdf(certificate, [{ text: HAN }, { text: HAN }], { valueLanguages: { text: 'ja' } }),
    )
    expect(plain).toContain('NotoSansJP')
    expect(plain).not.toContain('NotoSansTC')
  })

  it('the text the value is drawn in says its language (`/Lang` on its span)', async () => {
    /** The page's content stream, as Skia and the text marking wrote it. */
    const content = async (pdf: Buffer) => {
      const doc = await PDFDocument.load(pdf)
      const page = doc.getPages()[0]
      const stream = page && doc.context.lookup(page.node.get(PDFName.of('Contents')))
      return inflateSync((stream as PDFRawStream).getContents()).toString('latin1')
    }
    for (const [lang, tag] of [
      ['ja', 'ja'],
      ['zh-TW', 'zh-Hant'],
      ['zh-CN', 'zh-Hans'],
    ] as const) {
      const pdf = await renderPdf(certificate, [{ text: HAN }], { valueLanguages: { text: lang } })
      expect(await content(pdf), lang).toContain(`/Lang (${tag})>> BDC`)
    }
    // Latin takes the document's language.
    expect(await content(await renderPdf(certificate, [{ text: 'Hello' }]))).not.toContain('/Lang')
  })
})
