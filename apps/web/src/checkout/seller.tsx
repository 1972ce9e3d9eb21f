import { QueryClientProvider, useQuery } from '@tanstack/react-query'
import type { Seller } from '@templet/api'
import { Skeleton } from '@templet/ui/skeleton'
import { useTranslation } from 'react-i18next'
import { sellerQuery } from '../api/queries'
import { queryClient } from '../api/query-client'

/** The seller's legal name, postal address, tax number and email: on receipts and in the policies. */
export function SellerDetails({ seller, heading }: { seller: Seller; heading: string }) {
  const { t } = useTranslation()
  return (
    <section aria-label={heading} data-testid="seller" className="text-sm">
      <p className="font-medium">{heading}</p>
      <address className="mt-1 not-italic leading-relaxed text-muted-foreground print:text-black">
        <span className="block text-foreground">{seller.legalName}</span>
        {seller.address.map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
        <span className="block">{t('seller.taxId', { id: seller.taxId })}</span>
        <a href={`mailto:${seller.email}`} className="text-primary underline-offset-4 hover:underline">
          {seller.email}
        </a>
      </address>
    </section>
  )
}

function LoadedSeller({ heading }: { heading: string }) {
  const { t } = useTranslation()
  const seller = useQuery(sellerQuery())
  if (seller.data) return <SellerDetails seller={seller.data} heading={heading} />
  if (seller.isError) return <p className="text-sm text-muted-foreground">{t('seller.unavailable')}</p>
  return <Skeleton className="h-24 w-64" />
}

/**
 * The seller as the server's configuration names them, read on a public page (the policies): its own query
 * client, as these pre-rendered pages have none.
 */
export function SellerBlock({ heading }: { heading: string }) {
  return (
    <QueryClientProvider client={queryClient}>
      <LoadedSeller heading={heading} />
    </QueryClientProvider>
  )
}
