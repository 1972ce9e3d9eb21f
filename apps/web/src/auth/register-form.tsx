import type { RegisterBody } from '@templet/api'
import { DISPLAY_NAME_MAX_LENGTH } from '@templet/api/limits'
import { useTranslation } from 'react-i18next'
import { api } from '../api/client'
import { EmailField, PasswordField, TextField } from '../components/field'
import { ContractForm, useContractForm } from '../forms/contract-form'
import { currentLanguage } from '../i18n'
import { describeAuthFailure } from './auth-submit'
import type { AuthFormProps } from './sign-in-form'

/** Name (optional), email and password, checked with the contract's `registerBody`. */
export function RegisterForm({ onSignedIn, ...labels }: AuthFormProps) {
  const { t } = useTranslation()
  const { form, field, fail, onSubmit } = useContractForm<
    { name: string; email: string; password: string },
    RegisterBody
  >({
    schema: (schemas) => schemas.registerBody,
    // An empty optional name is left out, so the contract's "not empty" rule applies only to a typed one.
    // The account's mail is written in the language the app speaks now.
    prepare: ({ name, ...rest }) => ({
      ...(name?.trim() ? { name } : {}),
      ...rest,
      locale: currentLanguage(),
    }),
  })
  return (
    <ContractForm
      form={form}
      onSubmit={onSubmit(async (body) => {
        const result = await api.call('register', { body })
        if (result.code !== 0) return fail(result, (f) => describeAuthFailure(t, f))
        await onSignedIn(result.data)
      })}
      {...labels}
    >
      <TextField
        label={
          <>
            {t('auth.name')}{' '}
            <span className="font-normal text-muted-foreground">{t('auth.nameOptional')}</span>
          </>
        }
        autoComplete="name"
        maxLength={DISPLAY_NAME_MAX_LENGTH}
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
