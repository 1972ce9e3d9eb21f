import '../account/messages'
import type { ResetPasswordBody } from '@templet/api'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { api } from '../api/client'
import { AuthCard } from '../auth/auth-card'
import { describeAuthFailure } from '../auth/auth-submit'
import { PasswordField } from '../components/field'
import { ContractForm, useContractForm } from '../forms/contract-form'
import { useHydrated } from '../forms/use-hydrated'

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline'
const TOKEN = /^[\w-]{43}$/

/** The page a reset mail links to: the new password, set with the link's single-use token. */
export function ResetPasswordPage() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const hydrated = useHydrated()
  const token = hydrated ? (params.get('token') ?? '') : ''
  const [done, setDone] = useState(false)
  const { form, field, fail, onSubmit } = useContractForm<{ password: string }, ResetPasswordBody>({
    schema: (schemas) => schemas.resetPasswordBody,
    prepare: (values) => ({ token, password: values.password }),
  })
  const askNew = (
    <Link to="/forgot-password" className={linkClass}>
      {t('account.reset.askNew')}
    </Link>
  )
  if (done)
    return (
      <AuthCard
        title={t('account.reset.doneTitle')}
        subtitle={t('account.reset.done')}
        footer={
          <Link to="/login" className={linkClass}>
            {t('account.reset.signIn')}
          </Link>
        }
      >
        <p role="status" className="sr-only">
          {t('account.reset.doneTitle')}
        </p>
      </AuthCard>
    )
  if (hydrated && !TOKEN.test(token))
    return (
      <AuthCard title={t('account.reset.title')} subtitle={t('account.reset.missing')} footer={askNew}>
        {null}
      </AuthCard>
    )
  return (
    <AuthCard title={t('account.reset.title')} subtitle={t('account.reset.subtitle')} footer={askNew}>
      <ContractForm
        form={form}
        onSubmit={onSubmit(async (body) => {
          const result = await api.call('resetPassword', { body })
          if (result.code !== 0) {
            const expired = result.code === 400 && result.data.issues?.some((i) => i.path[0] === 'token')
            return fail(result, (f) => ({
              message: expired ? t('issues.token.invalid') : (describeAuthFailure(t, f)?.message ?? f.msg),
            }))
          }
          setDone(true)
        })}
        submitLabel={t('account.reset.submit')}
        busyLabel={t('account.reset.busy')}
        submitClassName="mt-2 w-full"
      >
        <PasswordField
          label={t('account.reset.password')}
          autoComplete="new-password"
          autoFocus
          required
          {...field('password')}
        />
      </ContractForm>
    </AuthCard>
  )
}
