import type { ApiResult } from '@templet/api'
import type { FormEvent } from 'react'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import type { z } from 'zod'
import { type FormSchemas, loadFormSchemas } from '../api/contract'
import { reportError } from '../feedback/notify'
import { type FieldErrors, translateMessage, validate } from '../forms/validate'
import { currentLanguage } from '../i18n'
import { safeRedirect } from '../session/redirect'
import { startSession } from '../session/session'
import { serverFormError } from './server-errors'

/**
 * The submit logic shared by sign-in and registration: validate with the contract's schema (loaded on first
 * need, see api/contract.ts), one request at
 * a time (a second Enter or click while busy does nothing), errors beside the fields or above the button,
 * and on success the session is stored and the visitor returns to `redirect` (same-origin only).
 */
export function useAuthForm<S extends z.ZodType, K extends string>(options: {
  schema: (schemas: FormSchemas) => S
  fields: readonly K[]
  read: (form: FormData) => unknown
  submit: (body: z.output<S>) => Promise<ApiResult<'login' | 'register'>>
}) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const [errors, setErrors] = useState<FieldErrors<K>>({})
  const [formError, setFormError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const busyRef = useRef(false)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busyRef.current) return
    const form = event.currentTarget
    setFormError(undefined)
    busyRef.current = true
    setBusy(true)
    try {
      const schema = options.schema(await loadFormSchemas())
      const parsed = validate(schema, options.read(new FormData(form)))
      if (!parsed.ok) {
        setErrors(parsed.errors as FieldErrors<K>)
        focusFirstInvalid(form, options.fields, parsed.errors)
        return
      }
      setErrors({})
      const result = await options.submit(parsed.data)
      if (result.code === 0) {
        startSession(result.data)
        navigate(safeRedirect(params.get('redirect')), { replace: true })
        return
      }
      const failure = serverFormError(result, options.fields, t)
      if (failure.field) {
        setErrors({ [failure.field]: failure.message } as FieldErrors<K>)
        focusFirstInvalid(form, options.fields, { [failure.field]: failure.message })
      } else setFormError(failure.message)
    } catch (error) {
      reportError(error)
    } finally {
      busyRef.current = false
      setBusy(false)
    }
  }

  /** The error of a field in the current language (the contract words them in English). */
  function errorOf(field: K): string | undefined {
    const message = errors[field]
    return message ? translateMessage(message, currentLanguage()) : undefined
  }

  function clearError(field: K) {
    if (errors[field]) setErrors((previous) => ({ ...previous, [field]: undefined }))
  }

  return { onSubmit, errorOf, clearError, formError, busy }
}

function focusFirstInvalid(form: HTMLFormElement, fields: readonly string[], errors: FieldErrors) {
  const first = fields.find((field) => errors[field])
  if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus()
}
