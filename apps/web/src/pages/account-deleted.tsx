import '../account/messages'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { AuthCard } from '../auth/auth-card'
import { useHydrated } from '../forms/use-hydrated'

/** Where the account settings go once a deletion is asked: when it happens, and how to keep the account. */
export function AccountDeletedPage() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const date = useHydrated() ? (params.get('date') ?? '') : ''
  return (
    <AuthCard
      title={t('account.deleted.title')}
      subtitle={t('account.deleted.body', { date })}
      footer={
        <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
          {t('account.confirm.signIn')}
        </Link>
      }
    >
      <p role="status" className="sr-only">
        {t('account.deleted.title')}
      </p>
    </AuthCard>
  )
}
