import type { Offer, Subscription } from '@templet/api'
import { Button } from '@templet/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@templet/ui/dialog'
import { useTranslation } from 'react-i18next'
import { currentLanguage } from '../i18n'
import { formatDate, formatNumber } from '../i18n/format'
import { formatPrice } from './offers'

/**
 * Asks before a monthly plan is switched, saying what changes: the new price and credits, that it applies from
 * the next renewal (no proration, nothing charged today), and that the credits already on the account stay.
 */
export function SwitchPlanDialog({
  target,
  subscription,
  balance,
  pending,
  onConfirm,
  onCancel,
}: {
  /** The plan to switch to; the dialog is open while it is set. */
  target: Offer | undefined
  subscription: Subscription
  /** The caller's credits now, when known. */
  balance: number | undefined
  pending: boolean
  onConfirm: (offer: Offer) => void
  onCancel: () => void
}) {
  const { t } = useTranslation()
  const language = currentLanguage()
  const date = formatDate(new Date(subscription.currentPeriodEnd), 'long', language)
  const figures = target && {
    credits: formatNumber(target.credits, language),
    price: formatPrice(target.price, language, target.currency),
    currentCredits: formatNumber(subscription.credits, language),
    currentPrice: formatPrice(subscription.price, language, subscription.currency),
    date,
  }
  return (
    <Dialog open={target !== undefined} onOpenChange={(open) => (open ? null : onCancel())}>
      <DialogContent closeLabel={t('app.close')}>
        {target && figures ? (
          <>
            <DialogHeader>
              <DialogTitle>{t('pricingPlans.confirmSwitch.title', figures)}</DialogTitle>
              <DialogDescription>{t('pricingPlans.confirmSwitch.summary', figures)}</DialogDescription>
            </DialogHeader>
            <ul className="flex list-disc flex-col gap-2 ps-5 text-sm" data-testid="switch-terms">
              <li>{t('pricingPlans.confirmSwitch.price', figures)}</li>
              <li>{t('pricingPlans.confirmSwitch.when', figures)}</li>
              <li>
                {balance === undefined
                  ? t('pricingPlans.confirmSwitch.creditsStay')
                  : t('pricingPlans.confirmSwitch.creditsStayCount', {
                      count: balance,
                      formatted: formatNumber(balance, language),
                    })}
              </li>
            </ul>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">{t('pricingPlans.confirmSwitch.keep')}</Button>
              </DialogClose>
              <Button disabled={pending} onClick={() => onConfirm(target)}>
                {pending
                  ? t('pricingPlans.confirmSwitch.switching')
                  : t('pricingPlans.confirmSwitch.confirm', figures)}
              </Button>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}
