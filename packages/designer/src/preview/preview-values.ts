import { graphemesOf, type Locale, type Template, textLength, type Values } from '@templet/template'

export type PreviewState = 'longText' | 'chinese' | 'arabic' | 'missingImage'
export const PREVIEW_STATES: PreviewState[] = ['longText', 'chinese', 'arabic', 'missingImage']

const LONG =
  'A much longer text than the sample, as a customer may well type it, to show where the words wrap, shrink or are cut off. '
const CHINESE = '设计不只是外观和感觉，设计是它如何运作。好的设计让复杂的事情变得简单，让每个人都能读懂。'
const ARABIC =
  'التصميم ليس فقط كيف يبدو وكيف تشعر به، التصميم هو كيف يعمل. التصميم الجيد يجعل الأشياء المعقدة بسيطة.'

/** The first `n` characters (graphemes, as the model counts them) of `s`, repeated as needed. */
function take(s: string, n: number) {
  const parts = [...graphemesOf(s)].map((p) => p.segment)
  const out: string[] = []
  while (out.length < n) out.push(...parts.slice(0, n - out.length))
  return out.join('').trim()
}

/**
 * The values and language a preview state draws the template with: every text field filled to its limit
 * (long text), or with a Chinese or an Arabic text as long as its sample would be, or (missing image) the
 * samples with every image left out. Fixed words stay as designed.
 */
export function previewValues(t: Template, state: PreviewState): { locale: Locale; values: Values } {
  const sample = (locale: Locale) => ({ ...t.samples[locale] })
  if (state === 'missingImage') {
    const values = sample('en')
    for (const f of t.fields) if (f.kind === 'image') delete values[f.key]
    return { locale: 'en', values }
  }
  const locale: Locale = state === 'chinese' ? 'zh-CN' : 'en'
  const values = sample(locale)
  for (const f of t.fields) {
    if (f.kind !== 'text') continue
    const current = values[f.key] ?? (typeof f.default === 'string' ? f.default : f.default[locale])
    const length = textLength(current)
    const text = state === 'longText' ? LONG : state === 'chinese' ? CHINESE : ARABIC
    values[f.key] = take(
      text,
      state === 'longText' ? f.maxLength : Math.min(f.maxLength, Math.max(length, 4)),
    )
  }
  return { locale, values }
}
