/**
 * `pnpm --filter @templet/render exec tsx scripts/catalogue-ink.ts [--fixed] [template ids]`: in which catalogue
 * templates, sizes and languages two lines of a text touch each other's ink. Each text layer is drawn alone (black
 * on white, no shadow, fully opaque) at the size's own pixels, once per line with only that line's letters drawn, so
 * the layout is the whole text's; a pixel inked (darker than mid-grey) by two lines in a row counts. Languages: the
 * English and Chinese samples, and Vietnamese, Thai and Arabic in every text field (`--language=vi` for one).
 * `--fixed` draws every text with `lineSpacing: "fixed"` (as the catalogue drew before format 3).
 */
import { createCanvas } from '@napi-rs/canvas'
import { loadCatalogue, sampleImages } from '@templet/catalogue'
import { fieldKinds, type Locale, parseTemplate, type Template, type Values } from '@templet/template'
import { drawPixels } from '../src/render'
import { ARABIC, cut } from './preview-variants'

const VIETNAMESE = 'Những điều bạn chưa biết về Phở Hà Nội, bún chả, bánh cuốn và cà phê trứng ở Huế, Hội An'
const THAI = 'ร้านก๋วยเตี๋ยวน้ำใสเปิดใหม่ ผู้ใหญ่และเด็กกินได้ ซื้อหนึ่งแถมหนึ่ง ที่ตลาดน้ำใกล้บ้านคุณ ทุกวันเสาร์'

/** Every text field with letters (as the previews' long-text picture picks them) holding `text`, cut to fit. */
function filled(t: Template, base: Values, text: string): Values {
  const out: Values = { ...base }
  for (const f of t.fields)
    if (fieldKinds.typed(f) && /\p{L}/u.test(base[f.key] ?? '') && [...(base[f.key] ?? '')].length > 3)
      out[f.key] = cut(text, fieldKinds.longestText(f))
  return out
}

// Which baselines text is drawn at, and which one alone is drawn: every surface's context shares this prototype.
const proto = Object.getPrototypeOf(createCanvas(1, 1).getContext('2d'))
const fill = proto.fillText
const stroke = proto.strokeText
let seen: Set<number> | undefined
let only: number | undefined
for (const [name, original] of [
  ['fillText', fill],
  ['strokeText', stroke],
] as const)
  proto[name] = function (this: unknown, text: string, x: number, y: number, ...rest: unknown[]) {
    seen?.add(y)
    if (only === undefined || only === y) original.call(this, text, x, y, ...rest)
  }

/** Which pixels carry ink: darker than mid-grey (the red of black on the white paper), one flag per pixel. */
function inkOf({ pixels }: { pixels: Buffer }): Uint8Array {
  const ink = new Uint8Array(pixels.length / 4)
  for (let p = 0; p < ink.length; p++) ink[p] = (pixels[p * 4] ?? 255) < 128 ? 1 : 0
  return ink
}

interface Case {
  language: string
  locale: Locale
  lang?: string
  values: (t: Template) => Values
}

const args = process.argv.slice(2)
const fixed = args.includes('--fixed')
const languages = args.filter((a) => a.startsWith('--language=')).map((a) => a.slice('--language='.length))
const ids = args.filter((a) => !a.startsWith('--'))
const everyCase: Case[] = [
  { language: 'en', locale: 'en', values: (t) => t.samples.en },
  { language: 'zh-CN', locale: 'zh-CN', values: (t) => t.samples['zh-CN'] },
  { language: 'vi', locale: 'en', lang: 'vi', values: (t) => filled(t, t.samples.en, VIETNAMESE) },
  { language: 'th', locale: 'en', lang: 'th', values: (t) => filled(t, t.samples.en, THAI) },
  { language: 'ar', locale: 'en', lang: 'ar', values: (t) => filled(t, t.samples.en, ARABIC) },
]
const cases = everyCase.filter((c) => languages.length === 0 || languages.includes(c.language))

let drawn = 0
const touching: string[] = []
const combos = new Set<string>()
for (const whole of loadCatalogue().templates) {
  if (ids.length > 0 && !ids.includes(whole.id)) continue
  for (const layer of whole.layers) {
    if (layer.type !== 'text') continue
    const alone = parseTemplate({
      ...whole,
      pages: undefined,
      groups: undefined,
      layers: [
        { id: 'ink-paper', type: 'shape', fill: '#ffffff' },
        {
          ...layer,
          color: '#000000',
          page: undefined,
          shadow: undefined,
          opacity: undefined,
          ...(fixed ? { lineSpacing: 'fixed' } : { lineSpacing: undefined }),
        },
      ],
    })
    for (const size of whole.sizes)
      for (const c of cases) {
        const values = c.values(whole)
        const draw = () =>
          drawPixels(
            alone,
            values,
            { sizeId: size.id, locale: c.locale, ...(c.lang ? { lang: c.lang } : {}), images: sampleImages },
            1,
          )
        seen = new Set()
        await draw()
        const baselines = [...seen].sort((a, b) => a - b)
        seen = undefined
        if (baselines.length < 2) continue
        drawn++
        const inks: Uint8Array[] = []
        for (const y of baselines) {
          only = y
          inks.push(inkOf(await draw()))
        }
        only = undefined
        for (let i = 0; i + 1 < inks.length; i++) {
          const [a, b] = [inks[i] as Uint8Array, inks[i + 1] as Uint8Array]
          let both = 0
          for (let p = 0; p < a.length; p++) if (a[p] && b[p]) both++
          if (both > 0) {
            touching.push(
              `${whole.id} ${size.id} ${c.language} ${layer.id} lines ${i + 1}/${i + 2}: ${both} px`,
            )
            combos.add(`${whole.id} ${size.id} ${c.language}`)
          }
        }
      }
  }
}
for (const line of touching) console.log(line)
const templates = new Set([...combos].map((c) => c.split(' ')[0]))
const byLanguage = Object.fromEntries(
  cases.map((c) => [c.language, [...combos].filter((k) => k.endsWith(` ${c.language}`)).length]),
)
console.log(
  `${fixed ? 'fixed' : 'as written'}: ${touching.length} touching line pairs in ${combos.size} template/size/language cases ` +
    `(${JSON.stringify(byLanguage)}) of ${templates.size} templates; ${drawn} texts of several lines drawn`,
)
