import { useTranslation } from 'react-i18next'
import { api } from '../api/client'
import { AuthCard, AuthForm, AuthSwitch } from '../auth/auth-card'
import { useAuthForm } from '../auth/use-auth-form'
import { EmailField, PasswordField, TextField } from '../components/field'

const fields = ['name', 'email', 'password'] as const

/** An empty optional field is left out, so the contract's "not empty" rule applies only to a typed name. */
function optional(value: FormDataEntryValue | null): FormDataEntryValue | undefined {
  return typeof value === 'string' && value.trim() === '' ? undefined : (value ?? undefined)
}

export function RegisterPage() {
  const { t } = useTranslation()
  const { onSubmit, errorOf, clearError, formError, busy } = useAuthForm({
    schema: (schemas) => schemas.registerBody,
    fields,
    read: (form) => ({
      name: optional(form.get('name')),
      email: form.get('email'),
      password: form.get('password'),
    }),
    submit: (body) => api.call('register', { body }),
  })
  return (
    <AuthCard
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle')}
      footer={
        <AuthSwitch prompt={t('auth.register.haveAccount')} label={t('auth.register.login')} to="/login" />
      }
    >
      <AuthForm
        onSubmit={onSubmit}
        busy={busy}
        error={formError}
        submitLabel={t('auth.register.submit')}
        busyLabel={t('auth.register.busy')}
      >
        <TextField
          label={
            <>
              {t('auth.name')}{' '}
              <span className="font-normal text-muted-foreground">{t('auth.nameOptional')}</span>
            </>
          }
          name="name"
          autoComplete="name"
          maxLength={50}
          error={errorOf('name')}
          onChange={() => clearError('name')}
        />
        <EmailField label={t('auth.email')} error={errorOf('email')} onChange={() => clearError('email')} />
        <PasswordField
          label={t('auth.password')}
          name="password"
          autoComplete="new-password"
          required
          hint={t('auth.register.passwordHint')}
          error={errorOf('password')}
          onChange={() => clearError('password')}
        />
      </AuthForm>
    </AuthCard>
  )
}
