import '../account/messages'
import { Skeleton } from '@templet/ui/skeleton'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { api } from '../api/client'
import { queryClient } from '../api/query-client'
import { AuthCard } from '../auth/auth-card'
import { useHydrated } from '../forms/use-hydrated'
import { hasSession } from '../session/session'

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline'

type State = { kind: 'busy' } | { kind: 'done'; email: string } | { kind: 'failed'; taken: boolean }

/**
 * The page a confirmation mail links to: it opens the link once (confirms a new account's address, or makes a
 * new address the account's) and says how it went; it works signed in or not, in any browser.
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const hydrated = useHydrated()
  const [state, setState] = useState<State>({ kind: 'busy' })
  const started = useRef(false)

  useEffect(() => {
    if (!hydrated || started.current) return
    started.current = true
    const token = params.get('token') ?? ''
    api
      .call('confirmEmail', { body: { token } })
      .then((result) => {
        if (result.code === 0) {
          setState({ kind: 'done', email: result.data.email })
          void queryClient.invalidateQueries({ queryKey: ['myInfo'] })
        } else setState({ kind: 'failed', taken: result.code === 409 })
      })
      .catch(() => setState({ kind: 'failed', taken: false }))
  }, [hydrated, params])

  const signedIn = hydrated && hasSession()
  const next = signedIn ? (
    <Link to={state.kind === 'done' ? '/dashboard' : '/account'} className={linkClass}>
      {state.kind === 'done' ? t('account.confirm.toApp') : t('account.confirm.toSettings')}
    </Link>
  ) : (
    <Link to="/login" className={linkClass}>
      {t('account.confirm.signIn')}
    </Link>
  )

  if (state.kind === 'busy')
    return (
      <AuthCard title={t('account.confirm.title')} subtitle={t('account.confirm.busy')} footer={null}>
        <div aria-busy="true" aria-live="polite">
          <Skeleton className="h-6" />
        </div>
      </AuthCard>
    )
  if (state.kind === 'done')
    return (
      <AuthCard
        title={t('account.confirm.doneTitle')}
        subtitle={t('account.confirm.done', { email: state.email })}
        footer={next}
      >
        <p role="status" className="sr-only">
          {t('account.confirm.doneTitle')}
        </p>
      </AuthCard>
    )
  return (
    <AuthCard
      title={t('account.confirm.title')}
      subtitle={state.taken ? t('account.confirm.taken') : t('account.confirm.failed')}
      footer={next}
    >
      <p role="alert" className="text-sm text-muted-foreground">
        {state.taken ? null : t('account.confirm.failedHint')}
      </p>
    </AuthCard>
  )
}
