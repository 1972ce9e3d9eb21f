import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { api } from '../api/client'
import { preloadFormSchemas } from '../api/contract'
import { AuthCard, FormAlert } from '../auth/auth-card'
import { useAuthForm } from '../auth/use-auth-form'
import { Button } from '../components/button'
import { EmailField, PasswordField, TextField } from '../components/field'
import { useHydrated } from '../forms/use-hydrated'

const fields = ['name', 'email', 'password'] as const

/** An empty optional field is left out, so the contract's "not empty" rule applies only to a typed name. */
function optional(value: FormDataEntryValue | null): FormDataEntryValue | undefined {
  return typeof value === 'string' && value.trim() === '' ? undefined : (value ?? undefined)
}

export function RegisterPage() {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const [params] = useSearchParams()
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
  const redirect = params.get('redirect')
  return (
    <AuthCard
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle')}
      footer={
        <>
          {t('auth.register.haveAccount')}{' '}
          <Link
            to={redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login'}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('auth.register.login')}
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
        <FormAlert message={formError} />
        <Button type="submit" size="lg" className="mt-2 w-full" disabled={busy || !hydrated}>
          {busy ? t('auth.register.busy') : t('auth.register.submit')}
        </Button>
      </form>
    </AuthCard>
  )
}
