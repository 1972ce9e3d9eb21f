import { useTranslation } from 'react-i18next'
import { api } from '../api/client'
import { AuthCard, AuthForm, AuthSwitch } from '../auth/auth-card'
import { useAuthForm } from '../auth/use-auth-form'
import { EmailField, PasswordField } from '../components/field'

const fields = ['email', 'password'] as const

export function LoginPage() {
  const { t } = useTranslation()
  const { onSubmit, errorOf, clearError, formError, busy } = useAuthForm({
    schema: (schemas) => schemas.loginBody,
    fields,
    read: (form) => ({ email: form.get('email'), password: form.get('password') }),
    submit: (body) => api.call('login', { body }),
  })
  return (
    <AuthCard
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      footer={
        <AuthSwitch prompt={t('auth.login.noAccount')} label={t('auth.login.register')} to="/register" />
      }
    >
      <AuthForm
        onSubmit={onSubmit}
        busy={busy}
        error={formError}
        submitLabel={t('auth.login.submit')}
        busyLabel={t('auth.login.busy')}
      >
        <EmailField label={t('auth.email')} error={errorOf('email')} onChange={() => clearError('email')} />
        <PasswordField
          label={t('auth.password')}
          name="password"
          autoComplete="current-password"
          required
          error={errorOf('password')}
          onChange={() => clearError('password')}
        />
      </AuthForm>
    </AuthCard>
  )
}
