import { Languages } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { useHydrated } from '../forms/use-hydrated'
import { currentLanguage, LANGUAGES, type Language, setLanguage } from '../i18n'
import { cx } from './cx'

/**
 * A native select: keyboard- and screen-reader-friendly everywhere, and tiny. `compact`: below 1024 px it draws as
 * a globe the size of an icon button (the signed-in header's room on a phone or beside the sidebar), the same select laid over it
 * unseen, so it is chosen, named and read as ever.
 */
export function LanguageSwitcher({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { t } = useTranslation()
  const id = useId()
  // A choice made in the pre-rendered page before the app runs would be lost: wait for the app.
  const hydrated = useHydrated()
  return (
    <div
      className={cx(
        'flex items-center',
        compact &&
          'max-lg:relative max-lg:size-9 max-lg:shrink-0 max-lg:justify-center max-lg:rounded-md max-lg:text-muted-foreground max-lg:hover:bg-accent max-lg:has-[select:focus-visible]:ring-[3px] max-lg:has-[select:focus-visible]:ring-ring/50',
        className,
      )}
    >
      <label htmlFor={id} className="sr-only">
        {t('app.language')}
      </label>
      {compact ? <Languages aria-hidden="true" className="size-5 lg:hidden" /> : null}
      <select
        id={id}
        value={currentLanguage()}
        disabled={!hydrated}
        onChange={(event) => void setLanguage(event.target.value as Language)}
        className={cx(
          'h-9 cursor-pointer rounded-md border border-border bg-background px-2 text-sm text-foreground hover:bg-accent',
          compact && 'max-lg:absolute max-lg:inset-0 max-lg:size-full max-lg:opacity-0',
        )}
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
