import type { BatchRowError, TemplateDetail } from '@templet/api'
import type { TFunction } from 'i18next'
import { issueText } from '../forms/issues'

type Locale = 'en' | 'zh-CN'

/** One issue of a refused row: the field it is about (its key), and its words here when the catalogues have them. */
export interface RowIssue {
  key?: string
  /** About the language the row gives the field's value (its `.lang` column), not the value. */
  language?: true
  text?: string
}

/** Each issue of a refused row, worded in the reader's language as the field's label and its rule. */
export function rowIssues(
  t: TFunction,
  e: BatchRowError,
  template: TemplateDetail,
  locale: Locale,
): RowIssue[] {
  const unknown = t('issues.invalid')
  return (e.issues ?? []).map((issue): RowIssue => {
    // A malformed tag in a text field's language column (`<key>.lang`).
    if (issue.path[0] === 'value_languages' && issue.code === 'invalid_format') {
      const field = template.fields.find((f) => f.key === issue.path[1])
      return field
        ? { key: field.key, language: true, text: t('bulk.badLanguage', { field: field.labels[locale] }) }
        : {}
    }
    const key = issue.path[0] === 'values' ? String(issue.path[1]) : undefined
    const field = template.fields.find((f) => f.key === key)
    if (!field) return {}
    // A choice names its options as the form shows them, in the reader's language.
    if (field.kind === 'choice' && issue.code === 'invalid_value') {
      const options = field.options.map((o) => o.labels[locale]).join(locale === 'zh-CN' ? '、' : ', ')
      return { key: field.key, text: `${field.labels[locale]}: ${t('bulk.choiceOptions', { options })}` }
    }
    const text = issueText(t, `media.${field.kind}`, {
      type: issue.code,
      params: issue.params as Record<string, string | number | boolean> | undefined,
    })
    // A rule the catalogues do not word (characters the fonts lack): the server's message says it better.
    return text && text !== unknown
      ? { key: field.key, text: `${field.labels[locale]}: ${text}` }
      : { key: field.key }
  })
}

/** Why a row is refused, in the reader's language: each issue as the field's label and its rule; else the server's message. */
export function rowErrorText(
  t: TFunction,
  e: BatchRowError,
  template: TemplateDetail,
  locale: Locale,
): string {
  const issues = rowIssues(t, e, template, locale)
  const texts = issues.flatMap((i) => (i.text ? [i.text] : []))
  return texts.length > 0 && texts.length === issues.length
    ? texts.join(locale === 'zh-CN' ? '；' : '; ')
    : e.message
}
