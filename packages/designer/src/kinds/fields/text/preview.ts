import { graphemesOf, type Locale, type TextField, textLength } from '@templet/template'
import type { PreviewState } from '../../../preview/preview-states'

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
 * A text field filled to its limit (long text), or with a Chinese or an Arabic text as long as its sample (or
 * default) would be; kept as it is when the images are left out.
 */
export function previewText(
  field: TextField,
  state: PreviewState,
  current: string | undefined,
  locale: Locale,
): string | undefined {
  if (state === 'missingImage') return current
  const given = current ?? (typeof field.default === 'string' ? field.default : field.default[locale])
  if (state === 'longText') return take(LONG, field.maxLength)
  return take(
    state === 'chinese' ? CHINESE : ARABIC,
    Math.min(field.maxLength, Math.max(textLength(given), 4)),
  )
}
