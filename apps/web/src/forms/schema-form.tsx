import type { FormEvent, ReactNode } from 'react'
import { preloadFormSchemas } from '../api/contract'
import { Button } from '../components/button'
import { cx } from '../components/cx'
import { useHydrated } from './use-hydrated'

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

export interface SchemaFormProps {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  busy: boolean
  /** The message of a refused submission, shown above the button. */
  error: string | undefined
  submitLabel: string
  busyLabel: string
  className?: string
  submitClassName?: string
  children: ReactNode
}

/**
 * A form validated with the contract's schemas (fetched when it is first focused, see api/contract.ts) and
 * sent by the app only: on a pre-rendered page the submit button waits for hydration, and `method="post"`
 * keeps anything the browser might send itself out of the URL.
 */
export function SchemaForm({
  onSubmit,
  busy,
  error,
  submitLabel,
  busyLabel,
  className,
  submitClassName,
  children,
}: SchemaFormProps) {
  const hydrated = useHydrated()
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
      <FormAlert message={error} />
      <Button type="submit" size="lg" className={submitClassName} disabled={busy || !hydrated}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </form>
  )
}
