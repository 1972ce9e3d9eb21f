import { useId } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { i18n } from '../i18n'

/**
 * The language of one text value, offered beside a field whose text has Han characters: 直, 骨 and 海 are
 * drawn one way in mainland China, another in Taiwan and Hong Kong, another in Japan and Korea. The choice
 * goes with the preview, the creation and its draft (`valueLanguages`); "Automatic" sends none, and the
 * template's language, else the text itself, decides as before.
 */

/** The languages offered, each with the forms it draws (BCP 47 tags as the API takes them). */
export const VALUE_LANGUAGES = ['zh-CN', 'zh-TW', 'ja', 'ko'] as const

const en = {
  label: 'Character forms',
  hint: 'Chinese characters (Han) are drawn as this language writes them.',
  auto: 'Automatic',
  'zh-CN': 'Chinese (simplified)',
  'zh-TW': 'Chinese (traditional)',
  ja: 'Japanese',
  ko: 'Korean',
}
const zhCN: typeof en = {
  label: '字形',
  hint: '汉字按此语言的写法绘制。',
  auto: '自动',
  'zh-CN': '简体中文',
  'zh-TW': '繁体中文',
  ja: '日语',
  ko: '韩语',
}
i18n.addResourceBundle('en', 'translation', { media: { valueLanguage: en } }, true, true)
i18n.addResourceBundle('zh-CN', 'translation', { media: { valueLanguage: zhCN } }, true, true)

const HAN = /\p{Script=Han}/u
/** Whether a text has Han characters, whose forms differ between languages. */
export const hasHan = (text: string) => HAN.test(text)

/**
 * The languages to send with values: a choice counts for a value with Han characters only (elsewhere it
 * changes nothing, and the control is hidden).
 */
export function chosenLanguages(
  values: Record<string, string>,
  languages: Record<string, string> | undefined,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(languages ?? {}).filter(([key, tag]) => tag && hasHan(values[key] ?? '')),
  )
}

/** A select of the value's language, under a text field with Han characters. */
export function ValueLanguage(p: {
  /** The id of the field's label: it describes the choice, so a screen reader hears which text it is about. */
  fieldLabelId: string
  /** The reader's language, for naming a tag that is not among those offered. */
  locale: string
  /** A tag the creation was made with that is not among those offered (zh-Hant, zh-HK…). */
  current: string | undefined
  /** The form's registration of this field's language. */
  registration: UseFormRegisterReturn
}) {
  const { t } = useTranslation()
  const id = useId()
  const offered: readonly string[] = VALUE_LANGUAGES
  const other = p.current && !offered.includes(p.current) ? p.current : undefined
  return (
    <div className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1">
      <label htmlFor={id} className="text-sm text-muted-foreground">
        {t('media.valueLanguage.label')}
      </label>
      <select
        id={id}
        // Not in its name: a search for the field by its label finds the field alone.
        aria-describedby={`${p.fieldLabelId} ${id}-hint`}
        className="h-9 rounded-md border border-input bg-background px-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring"
        {...p.registration}
      >
        <option value="">{t('media.valueLanguage.auto')}</option>
        {VALUE_LANGUAGES.map((tag) => (
          <option key={tag} value={tag}>
            {t(`media.valueLanguage.${tag}`)}
          </option>
        ))}
        {other ? (
          <option value={other}>
            {new Intl.DisplayNames([p.locale], { type: 'language' }).of(other) ?? other}
          </option>
        ) : null}
      </select>
      <p id={`${id}-hint`} className="basis-full text-xs text-muted-foreground">
        {t('media.valueLanguage.hint')}
      </p>
    </div>
  )
}
