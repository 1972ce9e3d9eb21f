import { Images } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '../components/empty-state'
import { LinkButton } from '../components/link-button'
import { PageTitle } from '../components/page-title'

/** Creation History: empty until rendering lands (no creations endpoint in the contract yet). */
export function CreationPage() {
  const { t } = useTranslation()
  return (
    <>
      <PageTitle title={t('creation.title')} />
      <EmptyState
        icon={<Images className="size-6" />}
        title={t('creation.emptyTitle')}
        action={<LinkButton to="/templates">{t('creation.cta')}</LinkButton>}
      >
        {t('creation.emptyBody')}
      </EmptyState>
    </>
  )
}
