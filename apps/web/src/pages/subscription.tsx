import { QueryClientProvider } from '@tanstack/react-query'
import { buttonVariants } from '@templet/ui/button'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { queryClient } from '../api/query-client'
import { OfferGrid } from '../checkout/offer-grid'

/** `/subscription`: the plans explained, for visitors. */
export function SubscriptionPage() {
  const { t } = useTranslation()
  const how = t('subscription.how', { returnObjects: true }) as readonly string[]
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <title>{`${t('subscription.title')} · Templet`}</title>
      <h1 className="text-3xl font-semibold tracking-tight">{t('subscription.title')}</h1>
      <p className="mt-3 max-w-3xl text-lg text-muted-foreground">{t('subscription.intro')}</p>
      <div className="mt-10">
        {/* The prices come from the server: this public page reads /offer/list with the app's query cache. */}
        <QueryClientProvider client={queryClient}>
          <OfferGrid />
        </QueryClientProvider>
      </div>
      <section aria-labelledby="how" className="mt-12 max-w-3xl">
        <h2 id="how" className="text-xl font-semibold">
          {t('subscription.howTitle')}
        </h2>
        <ul className="mt-4 list-disc space-y-2 ps-5">
          {how.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <Link to="/register" className={buttonVariants({ size: 'lg', className: 'mt-8' })}>
          {t('subscription.cta')}
        </Link>
      </section>
    </div>
  )
}
