import { Button } from '@templet/ui/button'
import { useTranslation } from 'react-i18next'

/** Previous / "page n of m" / next, under a list with more than one page. */
export function Pager({
  page,
  pages,
  onPage,
}: {
  page: number
  pages: number
  onPage: (page: number) => void
}) {
  const { t } = useTranslation()
  if (pages <= 1) return null
  return (
    <nav aria-label={t('notifications.pagination')} className="mt-6 flex items-center justify-between gap-3">
      <Button variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('notifications.previous')}
      </Button>
      <span className="text-sm text-muted-foreground" aria-live="polite">
        {t('notifications.page', { page, pages })}
      </span>
      <Button variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('notifications.next')}
      </Button>
    </nav>
  )
}
