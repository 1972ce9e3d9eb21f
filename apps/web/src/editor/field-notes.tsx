import type { FieldIssue } from '@templet/api'
import { TriangleAlert } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ApiFailureError } from '../api/client'
import { issueText } from '../forms/issues'

/**
 * What the editor says beside a field besides its own rules: the server's refusal of characters no font of
 * the template has (from the preview or from Create), the text cut to fit, a failed upload.
 */

// Unicode's script names (as the server names them) to ISO 15924 codes, which Intl.DisplayNames words in the
// reader's language: the scripts a customer may type that the templates' fonts do not cover.
const ISO_15924: Record<string, string> = {
  Armenian: 'Armn',
  Balinese: 'Bali',
  Bengali: 'Beng',
  Bopomofo: 'Bopo',
  'Canadian Aboriginal': 'Cans',
  Cherokee: 'Cher',
  Cyrillic: 'Cyrl',
  Devanagari: 'Deva',
  Ethiopic: 'Ethi',
  Georgian: 'Geor',
  Greek: 'Grek',
  Gujarati: 'Gujr',
  Gurmukhi: 'Guru',
  Hangul: 'Hang',
  Han: 'Hani',
  Hebrew: 'Hebr',
  Hiragana: 'Hira',
  Javanese: 'Java',
  Kannada: 'Knda',
  Katakana: 'Kana',
  Khmer: 'Khmr',
  Lao: 'Laoo',
  Latin: 'Latn',
  Malayalam: 'Mlym',
  Mongolian: 'Mong',
  Myanmar: 'Mymr',
  Nko: 'Nkoo',
  Ogham: 'Ogam',
  Oriya: 'Orya',
  Runic: 'Runr',
  Sinhala: 'Sinh',
  Syriac: 'Syrc',
  Tamil: 'Taml',
  Telugu: 'Telu',
  Thaana: 'Thaa',
  Thai: 'Thai',
  Tibetan: 'Tibt',
  Tifinagh: 'Tfng',
  Yi: 'Yiii',
  Arabic: 'Arab',
}

/** A script's name in `locale` ("Ethiopic" -> "埃塞俄比亚文"); symbols for "Common", else the name as sent. */
export function scriptLabel(script: string, locale: string, symbols: string): string {
  if (script === 'Common') return symbols
  const code = ISO_15924[script]
  if (!code) return script
  try {
    return new Intl.DisplayNames([locale], { type: 'script' }).of(code) ?? script
  } catch {
    return script
  }
}

/** The text of an issue the server found in a field's value, with the script named in the reader's language. */
export function serverIssueText(
  t: ReturnType<typeof useTranslation>['t'],
  locale: string,
  kind: string,
  issue: FieldIssue,
): string {
  const params = { ...issue.params }
  if (issue.code === 'unsupported_characters')
    params.script = scriptLabel(String(params.script ?? ''), locale, t('media.editor.notes.symbols'))
  return issueText(t, `media.${kind}`, { type: issue.code, params }) ?? ''
}

/** The issues of `issues` about the value of `key` (`values.<key>`), first one first. */
export const issueOfField = (issues: readonly FieldIssue[], key: string) =>
  issues.find((i) => i.path[0] === 'values' && i.path[1] === key)

/** Said beside a text that did not fit even at its layer's smallest size, so the end was cut with "…". */
export function TruncatedNote({ id }: { id: string }) {
  const { t } = useTranslation()
  return (
    <p id={id} role="status" className="mt-1.5 flex items-start gap-1.5 text-sm text-foreground">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
      {t('media.editor.notes.truncated')}
    </p>
  )
}

/**
 * Why a creation was not made and what to do, beside the Create button: a design too slow, too large or that
 * cannot be drawn is said in the reader's language (nothing was charged); any other refusal with the server's words.
 */
export function createFailureText(
  t: ReturnType<typeof useTranslation>['t'],
  failure: ApiFailureError,
): string {
  const { limitSeconds, limitMb, reason, approvalRequired } = failure.data
  // The team creates only from approved versions, and this one is not (any more): docs/product.md "Approvals".
  if (failure.code === 409 && approvalRequired === true) return t('approvals.editor.refused')
  if (failure.code === 422 && typeof limitSeconds === 'number')
    return t('media.editor.tooSlow', { seconds: limitSeconds })
  if (failure.code === 422 && typeof limitMb === 'number')
    return t('media.editor.tooLarge', { megabytes: limitMb })
  if (failure.code === 422 && typeof reason === 'string') return t('media.editor.notDrawable', { reason })
  return t('media.editor.createFailed', { reason: failure.msg })
}

/** Why an upload failed and what to do, for the message beside the upload button. */
export function uploadFailureText(t: ReturnType<typeof useTranslation>['t'], failure: unknown): string {
  if (!(failure instanceof ApiFailureError)) return t('media.editor.notes.uploadFailed')
  switch (failure.code) {
    case 413:
      return t('media.editor.uploadTooLarge')
    case 403:
      return t('uploads.full')
    case 429:
      return t('uploads.tooMany')
    default: {
      // Refused from its header: more pixels in all, or on a side, than the server takes.
      const size = failure.issues.find(
        (i) => i.code === 'too_big' && (i.params.origin === 'pixels' || i.params.origin === 'side'),
      )
      const maximum = Number(size?.params.maximum)
      if (size?.params.origin === 'pixels')
        return t('media.editor.uploadTooManyPixels', { megapixels: Math.floor(maximum / 1e6) })
      if (size?.params.origin === 'side')
        return t('media.editor.uploadTooWide', { side: maximum.toLocaleString() })
      return t('media.editor.uploadRefused')
    }
  }
}
