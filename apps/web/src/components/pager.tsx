import { Button } from '@templet/ui/button'
import { useTranslation } from 'react-i18next'

/** Previous / next with "Page n of m", for a list read a page at a time; nothing when one page holds it. */
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
    <nav aria-label={t('app.pages')} className="mt-6 flex items-center justify-between gap-3">
      <Button variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('app.previousPage')}
      </Button>
      <span className="text-sm text-muted-foreground" aria-live="polite">
        {t('app.pageOf', { page, pages })}
      </span>
      <Button variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('app.nextPage')}
      </Button>
    </nav>
  )
}
