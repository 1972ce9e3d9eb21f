import { useTranslation } from 'react-i18next'
import { OfferGrid } from '../checkout/offer-grid'
import { PageTitle } from '../components/page-title'

export function PricingPlansPage() {
  const { t } = useTranslation()
  return (
    <>
      <PageTitle title={t('pricingPlans.title')}>{t('pricingPlans.intro')}</PageTitle>
      <OfferGrid />
    </>
  )
}
