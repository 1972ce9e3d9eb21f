import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { useHydrated } from '../forms/use-hydrated'
import { currentLanguage, LANGUAGES, type Language, setLanguage } from '../i18n'
import { cx } from './cx'

/** A native select: keyboard- and screen-reader-friendly everywhere, and tiny. */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation()
  const id = useId()
  // A choice made in the pre-rendered page before the app runs would be lost: wait for the app.
  const hydrated = useHydrated()
  return (
    <div className={cx('flex items-center', className)}>
      <label htmlFor={id} className="sr-only">
        {t('app.language')}
      </label>
      <select
        id={id}
        value={currentLanguage()}
        disabled={!hydrated}
        onChange={(event) => void setLanguage(event.target.value as Language)}
        className="h-9 cursor-pointer rounded-md border border-border bg-background px-2 text-sm text-foreground hover:bg-accent"
      >
        <LanguageOptions />
      </select>
    </div>
  )
}

/** The app's languages as a select's options, each named in the reader's language and marked with its own. */
export function LanguageOptions() {
  const { t } = useTranslation()
  return (
    <>
      {LANGUAGES.map((language) => (
        <option key={language} value={language} lang={language}>
          {t(`languages.${language}`)}
        </option>
      ))}
    </>
  )
}
