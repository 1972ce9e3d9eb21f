import type { ApiFailure } from '@templet/api'
import { Button } from '@templet/ui/button'
import { type ReactNode, useRef } from 'react'
import { type FieldValues, type Path, type UseFormReturn, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { type FormSchemas, loadFormSchemas, preloadFormSchemas } from '../api/contract'
import { cx } from '../components/cx'
import { reportError } from '../feedback/notify'
import { issueText } from './issues'
import { useHydrated } from './use-hydrated'

/** What a form says about a refused submission that is not about one field: on a field, or above the button. */
export type FailureText<F extends string> = { field?: F; message: string } | undefined

/**
 * A react-hook-form form validated with one of the contract's schemas. The schemas (and zod) are fetched when
 * the form is first focused and awaited on submit (api/contract.ts); the fields stay uncontrolled, so what a
 * visitor typed before the app ran is what is sent. A field's error is cleared when it changes; the first
 * invalid field gets the focus.
 *
 * - `schema` picks the contract schema; `prepare` turns the form's strings into the body to parse (e.g. an
 *   empty optional field left out).
 * - `submit` sends the parsed body and returns the API's answer; a failure is shown by `fail`: code 400's
 *   `data.issues` on their fields by key, else `describe(failure)`, else the server's `msg` above the button.
 */
export function useContractForm<V extends FieldValues, B>(options: {
  schema: (schemas: FormSchemas) => z.ZodType<B>
  prepare?: (values: V) => unknown
}) {
  const { t } = useTranslation()
  const form = useForm<V, unknown, B>({
    resolver: async (values) => {
      const schemas = await loadFormSchemas()
      return schemas.resolveWith<V, B>(
        options.schema(schemas),
        options.prepare ? options.prepare(values) : values,
      )
    },
    reValidateMode: 'onSubmit',
    shouldFocusError: true,
  })
  const sending = useRef(false)

  /** The props of field `name`: registered, its error in the current language, cleared on change. */
  function field(name: Path<V>) {
    return {
      ...form.register(name, { onChange: () => form.clearErrors([name, 'root.server'] as Path<V>[]) }),
      error: issueText(t, name, form.formState.errors[name] as never),
    }
  }

  /** Shows a refused submission (see above). */
  function fail(failure: ApiFailure, describe?: (failure: ApiFailure) => FailureText<Path<V>>) {
    const issues = failure.code === 400 ? (failure.data.issues ?? []) : []
    const fields = Object.keys(form.getValues())
    const own = issues.filter((issue) => fields.includes(String(issue.path[0])))
    if (own.length > 0) {
      own.forEach((issue, index) => {
        form.setError(String(issue.path[0]) as Path<V>, { type: issue.code, params: issue.params } as never, {
          shouldFocus: index === 0,
        })
      })
      return
    }
    const text = describe?.(failure)
    if (text?.field)
      form.setError(text.field, { type: String(failure.code), message: text.message }, { shouldFocus: true })
    else
      form.setError('root.server', {
        type: String(failure.code),
        message: text?.message ?? (failure.msg || t('app.unexpectedError')),
      })
  }

  /** The form's submit handler: one submission at a time; an unexpected error is toasted. */
  function onSubmit(send: (body: B) => Promise<void>) {
    return form.handleSubmit(async (body) => {
      if (sending.current) return
      sending.current = true
      try {
        await send(body)
      } catch (error) {
        reportError(error)
      } finally {
        sending.current = false
      }
    })
  }

  return { form, field, fail, onSubmit }
}

/** The message of a refused submission, announced when it appears. */
function FormAlert({ message }: { message: string | undefined }) {
  return (
    <div role="alert" aria-live="assertive" className="empty:hidden">
      {message ? (
        <p className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {message}
        </p>
      ) : null}
    </div>
  )
}

/**
 * The `<form>` of a contract form, sent by the app only: on a pre-rendered page the submit button waits for
 * hydration, and `method="post"` keeps anything the browser might send itself out of the URL (the server
 * answers such a POST with 303 back to the page).
 */
export function ContractForm<V extends FieldValues>({
  form,
  onSubmit,
  submitLabel,
  busyLabel,
  className,
  submitClassName,
  submitVariant,
  children,
}: {
  form: UseFormReturn<V, unknown, never> | UseFormReturn<V, unknown, unknown>
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>
  submitLabel: string
  busyLabel: string
  className?: string
  submitClassName?: string
  /** `destructive` for a submission that deletes (the account). */
  submitVariant?: 'default' | 'destructive'
  children: ReactNode
}) {
  const hydrated = useHydrated()
  const busy = form.formState.isSubmitting
  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      onFocus={preloadFormSchemas}
      className={cx('flex flex-col gap-4', className)}
      aria-busy={busy}
    >
      {children}
      <FormAlert message={form.formState.errors.root?.server?.message} />
      <Button
        type="submit"
        size="lg"
        variant={submitVariant}
        className={submitClassName}
        disabled={busy || !hydrated}
      >
        {busy ? busyLabel : submitLabel}
      </Button>
    </form>
  )
}
