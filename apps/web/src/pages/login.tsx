import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { api } from '../api/client'
import { preloadFormSchemas } from '../api/contract'
import { AuthCard, FormAlert } from '../auth/auth-card'
import { useAuthForm } from '../auth/use-auth-form'
import { Button } from '../components/button'
import { EmailField, PasswordField } from '../components/field'
import { useHydrated } from '../forms/use-hydrated'

const fields = ['email', 'password'] as const

export function LoginPage() {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const [params] = useSearchParams()
  const { onSubmit, errorOf, clearError, formError, busy } = useAuthForm({
    schema: (schemas) => schemas.loginBody,
    fields,
    read: (form) => ({ email: form.get('email'), password: form.get('password') }),
    submit: (body) => api.call('login', { body }),
  })
  const redirect = params.get('redirect')
  return (
    <AuthCard
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      footer={
        <>
          {t('auth.login.noAccount')}{' '}
          <Link
            to={redirect ? `/register?redirect=${encodeURIComponent(redirect)}` : '/register'}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('auth.login.register')}
          </Link>
        </>
      }
    >
      <form
        method="post"
        noValidate
        onSubmit={onSubmit}
        onFocus={preloadFormSchemas}
        className="flex flex-col gap-4"
        aria-busy={busy}
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
        <FormAlert message={formError} />
        <Button type="submit" size="lg" className="mt-2 w-full" disabled={busy || !hydrated}>
          {busy ? t('auth.login.busy') : t('auth.login.submit')}
        </Button>
      </form>
    </AuthCard>
  )
}
