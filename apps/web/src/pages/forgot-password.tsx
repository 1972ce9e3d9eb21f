import '../account/messages'
import type { ForgotPasswordBody } from '@templet/api'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { api } from '../api/client'
import { AuthCard } from '../auth/auth-card'
import { describeAuthFailure } from '../auth/auth-submit'
import { EmailField } from '../components/field'
import { ContractForm, useContractForm } from '../forms/contract-form'

const backLink = 'font-medium text-primary underline-offset-4 hover:underline'

/** "Forgot password?": the address to mail a reset link to; the answer is the same for any address. */
export function ForgotPasswordPage() {
  const { t } = useTranslation()
  const [sentTo, setSentTo] = useState<string>()
  const { form, field, fail, onSubmit } = useContractForm<{ email: string }, ForgotPasswordBody>({
    schema: (schemas) => schemas.forgotPasswordBody,
  })
  const back = (
    <Link to="/login" className={backLink}>
      {t('account.forgot.back')}
    </Link>
  )
  if (sentTo)
    return (
      <AuthCard
        title={t('account.forgot.sentTitle')}
        subtitle={t('account.forgot.sent', { email: sentTo })}
        footer={back}
      >
        <p role="status" className="sr-only">
          {t('account.forgot.sentTitle')}
        </p>
      </AuthCard>
    )
  return (
    <AuthCard title={t('account.forgot.title')} subtitle={t('account.forgot.subtitle')} footer={back}>
      <ContractForm
        form={form}
        onSubmit={onSubmit(async (body) => {
          const result = await api.call('forgotPassword', { body })
          if (result.code !== 0) return fail(result, (f) => describeAuthFailure(t, f))
          setSentTo(body.email)
        })}
        submitLabel={t('account.forgot.submit')}
        busyLabel={t('account.forgot.busy')}
        submitClassName="mt-2 w-full"
      >
        <EmailField label={t('auth.email')} autoFocus {...field('email')} />
      </ContractForm>
    </AuthCard>
  )
}
