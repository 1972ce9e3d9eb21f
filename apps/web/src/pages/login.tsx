import '../account/messages'
import type { LoginBody } from '@templet/api'
import { Button } from '@templet/ui/button'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { api } from '../api/client'
import { AuthCard, AuthSwitch } from '../auth/auth-card'
import { describeAuthFailure, useReturnAfterSignIn } from '../auth/auth-submit'
import { SignInForm } from '../auth/sign-in-form'
import { reportError } from '../feedback/notify'
import { formatDate } from '../i18n/format'

export function LoginPage() {
  const { t, i18n } = useTranslation()
  const onSignedIn = useReturnAfterSignIn()
  const [pending, setPending] = useState<{ deleteAfter: string; body: LoginBody }>()
  const [keeping, setKeeping] = useState(false)
  const [refusal, setRefusal] = useState<string>()

  async function keepAccount(body: LoginBody) {
    setKeeping(true)
    try {
      const result = await api.call('cancelDeletion', { body })
      if (result.code === 0) return await onSignedIn(result.data)
      setRefusal(describeAuthFailure(t, result)?.message ?? result.msg)
    } catch (error) {
      reportError(error)
    } finally {
      setKeeping(false)
    }
  }

  return (
    <AuthCard
      title={pending ? t('account.pending.title') : t('auth.login.title')}
      subtitle={
        pending
          ? t('account.pending.body', {
              date: formatDate(new Date(pending.deleteAfter), 'long', i18n.language),
            })
          : t('auth.login.subtitle')
      }
      footer={
        <AuthSwitch prompt={t('auth.login.noAccount')} label={t('auth.login.register')} to="/register" />
      }
    >
      {pending ? (
        <div className="flex flex-col gap-3">
          <div role="alert" className="empty:hidden">
            {refusal ? <p className="text-sm text-destructive">{refusal}</p> : null}
          </div>
          <Button className="w-full" disabled={keeping} onClick={() => void keepAccount(pending.body)}>
            {keeping ? t('account.pending.keeping') : t('account.pending.keep')}
          </Button>
        </div>
      ) : (
        <>
          <SignInForm
            onSignedIn={onSignedIn}
            onDeletionPending={(deleteAfter, body) => setPending({ deleteAfter, body })}
            submitLabel={t('auth.login.submit')}
            busyLabel={t('auth.login.busy')}
            submitClassName="mt-2 w-full"
          />
          <p className="mt-4 text-center text-sm">
            <Link
              to="/forgot-password"
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {t('account.forgotLink')}
            </Link>
          </p>
        </>
      )}
    </AuthCard>
  )
}
