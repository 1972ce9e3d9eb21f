import type { RegisterBody } from '@templet/api'
import { useTranslation } from 'react-i18next'
import { api } from '../api/client'
import { AuthCard, AuthSwitch } from '../auth/auth-card'
import { useAuthAnswer } from '../auth/auth-submit'
import { EmailField, PasswordField, TextField } from '../components/field'
import { ContractForm, useContractForm } from '../forms/contract-form'

type Values = { name: string; email: string; password: string }

export function RegisterPage() {
  const { t } = useTranslation()
  const answer = useAuthAnswer()
  const { form, field, fail, onSubmit } = useContractForm<Values, RegisterBody>({
    schema: (schemas) => schemas.registerBody,
    // An empty optional name is left out, so the contract's "not empty" rule applies only to a typed one.
    prepare: ({ name, ...rest }) => (name?.trim() ? { name, ...rest } : rest),
  })
  return (
    <AuthCard
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle')}
      footer={
        <AuthSwitch prompt={t('auth.register.haveAccount')} label={t('auth.register.login')} to="/login" />
      }
    >
      <ContractForm
        form={form}
        onSubmit={onSubmit(async (body) => answer(await api.call('register', { body }), fail))}
        submitLabel={t('auth.register.submit')}
        busyLabel={t('auth.register.busy')}
        submitClassName="mt-2 w-full"
      >
        <TextField
          label={
            <>
              {t('auth.name')}{' '}
              <span className="font-normal text-muted-foreground">{t('auth.nameOptional')}</span>
            </>
          }
          autoComplete="name"
          maxLength={50}
          {...field('name')}
        />
        <EmailField label={t('auth.email')} {...field('email')} />
        <PasswordField
          label={t('auth.password')}
          autoComplete="new-password"
          required
          hint={t('auth.register.passwordHint')}
          {...field('password')}
        />
      </ContractForm>
    </AuthCard>
  )
}
