import { isCheckoutPath } from '@templet/api/paths'
import { FileQuestion } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { EmptyState } from '../components/empty-state'
import { LinkButton } from '../components/link-button'
import { AppLayout } from '../layouts/app-layout'
import { PublicLayout } from '../layouts/public-layout'
import { OfferNotFound } from './checkout'

/**
 * What an unmatched path shows: a public "offer not found" when it contains `checkout`, else the 404 in
 * the logged-in layout (the guard has already sent visitors without a session to /login).
 */
export function CatchAllPage() {
  const { pathname } = useLocation()
  if (isCheckoutPath(pathname)) {
    return (
      <PublicLayout>
        <OfferNotFound />
      </PublicLayout>
    )
  }
  return (
    <AppLayout>
      <NotFound />
    </AppLayout>
  )
}

export function NotFound() {
  const { t } = useTranslation()
  return (
    <div className="py-8">
      <title>{`${t('notFound.title')} · Templet`}</title>
      <h1 className="sr-only">{t('notFound.title')}</h1>
      <EmptyState
        icon={<FileQuestion className="size-6" />}
        title={t('notFound.title')}
        action={<LinkButton to="/dashboard">{t('notFound.toDashboard')}</LinkButton>}
      >
        {t('notFound.body')}
      </EmptyState>
    </div>
  )
}
