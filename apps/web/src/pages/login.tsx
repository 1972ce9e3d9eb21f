import type { LoginBody } from '@templet/api'
import { useTranslation } from 'react-i18next'
import { api } from '../api/client'
import { AuthCard, AuthSwitch } from '../auth/auth-card'
import { useAuthAnswer } from '../auth/auth-submit'
import { EmailField, PasswordField } from '../components/field'
import { ContractForm, useContractForm } from '../forms/contract-form'

type Values = { email: string; password: string }

export function LoginPage() {
  const { t } = useTranslation()
  const answer = useAuthAnswer()
  const { form, field, fail, onSubmit } = useContractForm<Values, LoginBody>({
    schema: (schemas) => schemas.loginBody,
  })
  return (
    <AuthCard
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      footer={
        <AuthSwitch prompt={t('auth.login.noAccount')} label={t('auth.login.register')} to="/register" />
      }
    >
      <ContractForm
        form={form}
        onSubmit={onSubmit(async (body) => answer(await api.call('login', { body }), fail))}
        submitLabel={t('auth.login.submit')}
        busyLabel={t('auth.login.busy')}
        submitClassName="mt-2 w-full"
      >
        <EmailField label={t('auth.email')} {...field('email')} />
        <PasswordField
          label={t('auth.password')}
          autoComplete="current-password"
          required
          {...field('password')}
        />
      </ContractForm>
    </AuthCard>
  )
}
