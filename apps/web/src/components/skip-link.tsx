import { useTranslation } from 'react-i18next'

/** The first stop of the keyboard: jumps over the navigation to the screen's content. */
export function SkipLink() {
  const { t } = useTranslation()
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:start-2 focus:top-2"
    >
      {t('app.skipToContent')}
    </a>
  )
}
