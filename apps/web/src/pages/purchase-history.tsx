import { Receipt } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '../components/empty-state'
import { LinkButton } from '../components/link-button'
import { PageTitle } from '../components/page-title'

/** Purchase History: empty until checkout opens (no purchases endpoint in the contract yet). */
export function PurchaseHistoryPage() {
  const { t } = useTranslation()
  return (
    <>
      <PageTitle title={t('purchaseHistory.title')} />
      <EmptyState
        icon={<Receipt className="size-6" />}
        title={t('purchaseHistory.emptyTitle')}
        action={<LinkButton to="/pricing-plans">{t('purchaseHistory.cta')}</LinkButton>}
      >
        {t('purchaseHistory.emptyBody')}
      </EmptyState>
    </>
  )
}
