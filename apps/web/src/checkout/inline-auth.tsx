import type { AuthData, LoginBody, RegisterBody } from '@templet/api'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api } from '../api/client'
import { describeAuthFailure } from '../auth/auth-submit'
import { cx } from '../components/cx'
import { EmailField, PasswordField, TextField } from '../components/field'
import { ContractForm, useContractForm } from '../forms/contract-form'

type Mode = 'register' | 'signIn'

/**
 * Registration or sign-in inside the checkout page: the visitor stays on the page and pays with the account
 * they just made or opened. `onSignedIn` gets the answer once the session is stored.
 */
export function InlineAuth({ onSignedIn }: { onSignedIn: (auth: AuthData) => void }) {
  const { t } = useTranslation()
  const [mode, setMode] = useState<Mode>('register')
  return (
    <section aria-labelledby="account-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="account-heading" className="text-lg font-semibold">
          {t('checkout.account.title')}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t('checkout.account.intro')}</p>
      </div>
      <fieldset className="grid grid-cols-2 rounded-lg border border-border p-1">
        <legend className="sr-only">{t('checkout.account.choose')}</legend>
        {(['register', 'signIn'] as const).map((m) => (
          <button
            key={m}
            type="button"
            aria-pressed={m === mode}
            onClick={() => setMode(m)}
            className={cx(
              'min-h-9 rounded-md px-3 py-1.5 text-sm font-medium',
              m === mode
                ? 'bg-primary text-primary-foreground'
                : 'text-muted-foreground hover:bg-accent hover:text-foreground',
            )}
          >
            {t(`checkout.account.${m}`)}
          </button>
        ))}
      </fieldset>
      {mode === 'register' ? (
        <RegisterInline onSignedIn={onSignedIn} />
      ) : (
        <SignInInline onSignedIn={onSignedIn} />
      )}
    </section>
  )
}

function RegisterInline({ onSignedIn }: { onSignedIn: (auth: AuthData) => void }) {
  const { t } = useTranslation()
  const { form, field, fail, onSubmit } = useContractForm<
    { name: string; email: string; password: string },
    RegisterBody
  >({
    schema: (schemas) => schemas.registerBody,
    prepare: ({ name, ...rest }) => (name?.trim() ? { name, ...rest } : rest),
  })
  return (
    <ContractForm
      form={form}
      onSubmit={onSubmit(async (body) => {
        const result = await api.call('register', { body })
        if (result.code !== 0) return fail(result, (f) => describeAuthFailure(t, f))
        onSignedIn(result.data)
      })}
      submitLabel={t('checkout.account.registerSubmit')}
      busyLabel={t('checkout.account.registerBusy')}
      submitClassName="w-full"
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
  )
}

function SignInInline({ onSignedIn }: { onSignedIn: (auth: AuthData) => void }) {
  const { t } = useTranslation()
  const { form, field, fail, onSubmit } = useContractForm<{ email: string; password: string }, LoginBody>({
    schema: (schemas) => schemas.loginBody,
  })
  return (
    <ContractForm
      form={form}
      onSubmit={onSubmit(async (body) => {
        const result = await api.call('login', { body })
        if (result.code !== 0) return fail(result, (f) => describeAuthFailure(t, f))
        onSignedIn(result.data)
      })}
      submitLabel={t('checkout.account.signInSubmit')}
      busyLabel={t('checkout.account.signInBusy')}
      submitClassName="w-full"
    >
      <EmailField label={t('auth.email')} {...field('email')} />
      <PasswordField
        label={t('auth.password')}
        autoComplete="current-password"
        required
        {...field('password')}
      />
    </ContractForm>
  )
}
