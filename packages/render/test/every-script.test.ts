import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { DOCUMENT_FORMAT, type FontFamily, parseTemplate, type Template } from '@templet/template'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { render, renderPdf, uncoveredCharacters } from '../src/index'

/**
 * Real sentences in eighteen scripts, each of two lines, set in the text styles of three catalogue templates: none
 * is refused, no line's ink touches the next one's, and the PDF's text copies out as typed. The second line of each
 * is where marks stack highest or hang lowest (Vietnamese capitals, Thai tone marks over vowels, Khmer subscripts).
 */
const SENTENCES: Array<{ script: string; lang?: string; text: string }> = [
  { script: 'English', text: 'Typography that holds\nacross every script' },
  { script: 'Vietnamese', lang: 'vi', text: 'Tiếng Việt có dấu chồng\nỄ Ở Ữ Ậ Ẫ ỗ ự quyển' },
  { script: 'Greek polytonic', text: 'Ἐν ἀρχῇ ἦν ὁ λόγος\nκαὶ ὁ λόγος ἦν πρὸς τὸν θεόν' },
  { script: 'Russian', lang: 'ru', text: 'Съешь же ещё этих\nмягких французских булок' },
  { script: 'Turkish', lang: 'tr', text: 'İstanbul’da güzel\nbir gün, Iğdır ve Şile' },
  { script: 'Japanese', lang: 'ja', text: 'ラーメンとコーヒーを注文\n〆切は明日、１２時まで' },
  { script: 'Chinese (simplified)', lang: 'zh-Hans', text: '欢迎来到我们的设计工作室\n每一种文字都清晰可读' },
  {
    script: 'Chinese (traditional)',
    lang: 'zh-Hant',
    text: '歡迎來到我們的設計工作室\n每一種文字都清晰可讀',
  },
  { script: 'Korean', lang: 'ko', text: '다람쥐 헌 쳇바퀴에\n타고파 읽었습니다' },
  {
    script: 'Arabic with numbers and Latin',
    lang: 'ar',
    text: 'مرحبا بكم في Templet\nالعرض ينتهي في 31 ديسمبر 2026',
  },
  {
    script: 'Persian with ZWNJ and Persian digits',
    lang: 'fa',
    text: 'می‌خواهم کتاب‌ها را\nتا سال ۱۴۰۵ بخوانم',
  },
  { script: 'Hebrew with niqqud', lang: 'he', text: 'בְּרֵאשִׁית בָּרָא\nאֱלֹהִים אֵת הַשָּׁמַיִם' },
  { script: 'Hindi conjuncts', lang: 'hi', text: 'क्षत्रिय श्रद्धा द्वार\nसंस्कृत प्रज्ञा ज्ञान' },
  { script: 'Bengali', lang: 'bn', text: 'বাংলা ভাষা আমার\nক্ষমা স্বপ্ন রাষ্ট্র' },
  { script: 'Tamil', lang: 'ta', text: 'தமிழ் மொழி அழகானது\nஸ்ரீ க்ஷேத்திரம்' },
  { script: 'Thai', lang: 'th', text: 'ภาษาไทยมีวรรณยุกต์\nน้ำ ปี่ ผู้ใหญ่ กั๊ก ซื้อ' },
  { script: 'Khmer', lang: 'km', text: 'ភាសាខ្មែរ ស្ត្រី\nក្រុមហ៊ុន ស្ត្រី ព្រះ' },
  { script: 'Emoji sequences', text: 'Launch 🚀 team 👩🏾‍💻\nfamily 👨‍👩‍👧 flag 🇯🇵 ❤️' },
]

/** The text styles of three catalogue templates' multi-line texts, from the tightest leading to the loosest. */
const STYLES: Array<{ template: string; layer: string }> = [
  { template: 'youtube-bold', layer: 'headline' },
  { template: 'award-certificate', layer: 'recipient' },
  { template: 'bold-quote', layer: 'quote' },
]

interface CatalogueLayer {
  id: string
  font?: FontFamily
  weight?: number
  lineHeight?: number
  transform?: string
  letterSpacing?: number
}

/** The style of a catalogue template's text layer: what sets its letters and lines, not its box or fitting. */
function styleOf({ template, layer }: (typeof STYLES)[number]) {
  const file = new URL(`../../catalogue/templates/${template}.json`, import.meta.url)
  const doc = JSON.parse(readFileSync(file, 'utf8')) as { layers: CatalogueLayer[] }
  const found = doc.layers.find((l) => l.id === layer)
  if (!found) throw new Error(`${template} has no layer ${layer}`)
  const { font = 'sans', weight, lineHeight, transform, letterSpacing } = found
  return { font, weight, lineHeight, transform, letterSpacing }
}

const SIZE = 56
/** One black text on a white page, wide enough that no line wraps: each drawn line is a line of the value. */
function probe(style: ReturnType<typeof styleOf>, lang: string | undefined, text = '{{text}}'): Template {
  return parseTemplate({
    format: DOCUMENT_FORMAT,
    id: 'every-script',
    typeId: 'social-posts',
    name: { en: 'Scripts', 'zh-CN': '文字' },
    sizes: [{ id: 'wide', width: 1400, height: 360, label: { en: 'Wide', 'zh-CN': '宽' } }],
    fields: [
      {
        key: 'text',
        kind: 'text',
        label: { en: 'Text', 'zh-CN': '文本' },
        default: 'x',
        maxLength: 400,
        multiline: true,
      },
    ],
    layers: [
      {
        id: 'text',
        type: 'text',
        text,
        box: { x: 40, y: 40, w: 1320, h: 280 },
        size: SIZE,
        color: '#000000',
        wrap: false,
        ...style,
        ...(lang ? { lang } : {}),
      },
    ],
    samples: { en: {}, 'zh-CN': {} },
  })
}

/** Which pixels carry ink (darker than mid-grey on the page's white), one flag per pixel. */
async function inkOf(png: Buffer | undefined): Promise<Uint8Array> {
  const { data } = await sharp(png).removeAlpha().greyscale().raw().toBuffer({ resolveWithObject: true })
  return Uint8Array.from(data, (grey) => (grey < 128 ? 1 : 0))
}

/**
 * A text with every line but one in a transparent colour run: laid out exactly as the whole text (each line's
 * ink still moves the lines after it), with only that line's ink drawn.
 */
const lineAlone = (lines: string[], i: number) =>
  lines.map((line, j) => (j === i ? line : `[#ffffff00]${line}[/]`)).join('\n')

const dir = mkdtempSync(path.join(tmpdir(), 'templet-scripts-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** The PDF's text as a reader copies it (poppler's `pdftotext`). */
async function copiedText(t: Template, text: string): Promise<string> {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`)
  writeFileSync(file, await renderPdf(t, [{ text }]))
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
}

const RTL = /[\p{Script=Arabic}\p{Script=Hebrew}]/u
/**
 * Text compared as a reader means it: under NFKC, whitespace folded, without the embeddings (U+202A–U+202C)
 * poppler itself wraps right-to-left lines and the left-to-right runs inside them in. Poppler's reordering of a
 * right-to-left line also moves the space beside a left-to-right run (a number, a Latin word) to that run's
 * other side, whatever the PDF holds, so in text with right-to-left letters spaces are not compared.
 */
function asRead(s: string): string {
  const text = s.normalize('NFKC').replace(/[\u202a-\u202c]/g, '')
  return RTL.test(text) ? text.replace(/\s+/g, '') : text.replace(/\s+/g, ' ').trim()
}

describe.each(STYLES)('every script in the style of $template’s $layer', (source) => {
  const style = styleOf(source)

  it.each(SENTENCES)('$script: drawn whole in PNG and PDF, copied out as typed', async ({ lang, text }) => {
    const t = probe(style, lang)
    expect(uncoveredCharacters(text, style.font, lang)).toEqual([])
    const { png } = await render(t, { text }, { formats: ['png'] })
    const grey = await sharp(png).greyscale().raw().toBuffer()
    expect(grey.some((v) => v < 128)).toBe(true)

    // All capitals follow the text's language, Greek's when the text is Greek (its accents drop).
    const capitals = lang ?? (/\p{Script=Greek}/u.test(text) ? 'el' : 'en')
    const shown = style.transform === 'uppercase' ? text.toLocaleUpperCase(capitals) : text
    const copied = await copiedText(t, text)
    // No override of the drawing's direction leaks into what a reader copies.
    expect(copied).not.toMatch(/[\u202d\u202e]/)
    expect(asRead(copied)).toBe(asRead(shown))
  })

  it.each(SENTENCES)('$script: no line’s ink touches the next line’s', async ({ lang, text }) => {
    const lines = text.split('\n')
    const inks = await Promise.all(
      lines.map(async (_, i) =>
        inkOf((await render(probe(style, lang, lineAlone(lines, i)), {}, { formats: ['png'] })).png),
      ),
    )
    for (let i = 0; i + 1 < inks.length; i++) {
      const [above, below] = [inks[i] ?? new Uint8Array(), inks[i + 1] ?? new Uint8Array()]
      expect(above.some(Boolean), `line ${i + 1} has ink`).toBe(true)
      let touching = 0
      for (let p = 0; p < above.length; p++) if (above[p] && below[p]) touching++
      expect(touching, `pixels inked by both line ${i + 1} and line ${i + 2}`).toBe(0)
    }
  })
})
