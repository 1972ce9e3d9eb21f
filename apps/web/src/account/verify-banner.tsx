import './messages'
import { useQuery } from '@tanstack/react-query'
import { Button } from '@templet/ui/button'
import { MailWarning } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiFailureError } from '../api/client'
import { myInfoQuery } from '../api/queries'
import { reportError } from '../feedback/notify'
import { useResendVerification } from './account-api'

/** Above every signed-in screen until the account's address is confirmed, with a button to mail the link again. */
export function VerifyEmailBanner() {
  const { t } = useTranslation()
  const { data: user } = useQuery(myInfoQuery())
  const resend = useResendVerification()
  const [sent, setSent] = useState(false)
  if (!user || user.emailVerified) return null
  return (
    <section
      aria-label={t('account.settings.unverified')}
      className="mb-6 flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <MailWarning aria-hidden="true" className="size-5 shrink-0" />
      <p className="min-w-0 flex-1" role="status">
        {sent
          ? t('account.banner.sent', { email: user.email })
          : t('account.banner.text', { email: user.email })}
      </p>
      <Button
        size="sm"
        variant="outline"
        disabled={resend.isPending}
        onClick={() =>
          resend.mutate(undefined, {
            onSuccess: () => setSent(true),
            onError: (error) => {
              if (error instanceof ApiFailureError && error.code === 409) setSent(true)
              else reportError(error)
            },
          })
        }
      >
        {resend.isPending ? t('account.banner.sending') : t('account.banner.resend')}
      </Button>
    </section>
  )
}
