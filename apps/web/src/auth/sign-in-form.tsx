import type { AuthData, LoginBody } from '@templet/api'
import { useTranslation } from 'react-i18next'
import { api } from '../api/client'
import { EmailField, PasswordField } from '../components/field'
import { ContractForm, useContractForm } from '../forms/contract-form'
import { describeAuthFailure } from './auth-submit'

export interface AuthFormProps {
  /** Called with the session once the server accepts; a refusal is shown in the form, worded by its code. */
  onSignedIn: (auth: AuthData) => void | Promise<void>
  submitLabel: string
  busyLabel: string
  submitClassName?: string
  /**
   * The account's deletion is pending (the server's 403 with `deleteAfter`): the page offers to keep it with
   * the same email and password. Without it the form shows the server's message.
   */
  onDeletionPending?: (deleteAfter: string, body: LoginBody) => void
}

/** Email and password, checked with the contract's `loginBody` (the sign-in page and the checkout). */
export function SignInForm({ onSignedIn, onDeletionPending, ...labels }: AuthFormProps) {
  const { t } = useTranslation()
  const { form, field, fail, onSubmit } = useContractForm<{ email: string; password: string }, LoginBody>({
    schema: (schemas) => schemas.loginBody,
  })
  return (
    <ContractForm
      form={form}
      onSubmit={onSubmit(async (body) => {
        const result = await api.call('login', { body })
        const deleteAfter =
          result.code === 403 ? (result.data as { deleteAfter?: unknown }).deleteAfter : undefined
        if (typeof deleteAfter === 'string' && onDeletionPending) return onDeletionPending(deleteAfter, body)
        if (result.code !== 0) return fail(result, (f) => describeAuthFailure(t, f))
        await onSignedIn(result.data)
      })}
      {...labels}
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
