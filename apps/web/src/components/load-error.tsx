import { Button } from '@templet/ui/button'
import { useTranslation } from 'react-i18next'

/** In place of data that failed to load (the toast said why): a retry. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col items-start gap-3 rounded-xl border border-border p-6">
      <p>{t('app.loadFailed')}</p>
      <Button variant="outline" onClick={onRetry}>
        {t('app.retry')}
      </Button>
    </div>
  )
}
