import type { ReactNode } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
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
  const navigate = useNavigate()
  const target = (redirect: string | null) =>
    redirect ? `${to}?redirect=${encodeURIComponent(redirect)}` : to
  // The pre-rendered page was made without a query: hydrate it as it is, then follow the address.
  const redirect = useHydrated() ? params.get('redirect') : null
  return (
    <>
      {prompt}{' '}
      <Link
        to={target(redirect)}
        // A press before hydration keeps the address's `redirect` by the boot script (src/boot.ts), one between
        // hydration and the render that follows it by this.
        onClick={(event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
          event.preventDefault()
          void navigate(target(new URLSearchParams(window.location.search).get('redirect')))
        }}
        data-keep-redirect=""
        className="font-medium text-primary underline-offset-4 hover:underline"
      >
        {label}
      </Link>
    </>
  )
}
