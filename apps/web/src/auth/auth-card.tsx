import type { FormEvent, ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { preloadFormSchemas } from '../api/contract'
import { Button } from '../components/button'
import { useHydrated } from '../forms/use-hydrated'

/** The centred card of the sign-in and registration screens. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string
  subtitle: string
  children: ReactNode
  footer: ReactNode
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <title>{`${title} · Templet`}</title>
      <div className="rounded-xl border border-border bg-background p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="mt-1 text-muted-foreground">{subtitle}</p>
        <div className="mt-6">{children}</div>
      </div>
      <p className="mt-6 text-center text-sm text-muted-foreground">{footer}</p>
    </div>
  )
}

/** The message of a refused submission, announced when it appears. */
export function FormAlert({ message }: { message: string | undefined }) {
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

/** The form of both screens: sent by the app only (never by the browser before it runs), errors above the button. */
export function AuthForm({
  onSubmit,
  busy,
  error,
  submitLabel,
  busyLabel,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  busy: boolean
  error: string | undefined
  submitLabel: string
  busyLabel: string
  children: ReactNode
}) {
  const hydrated = useHydrated()
  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      onFocus={preloadFormSchemas}
      className="flex flex-col gap-4"
      aria-busy={busy}
    >
      {children}
      <FormAlert message={error} />
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={busy || !hydrated}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </form>
  )
}

/** "New to Templet? Create an account" and back: the link to the other screen keeps `redirect`. */
export function AuthSwitch({
  prompt,
  label,
  to,
}: {
  prompt: string
  label: string
  to: '/login' | '/register'
}) {
  const [params] = useSearchParams()
  const redirect = params.get('redirect')
  return (
    <>
      {prompt}{' '}
      <Link
        to={redirect ? `${to}?redirect=${encodeURIComponent(redirect)}` : to}
        className="font-medium text-primary underline-offset-4 hover:underline"
      >
        {label}
      </Link>
    </>
  )
}
