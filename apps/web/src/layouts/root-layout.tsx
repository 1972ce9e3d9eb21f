import { buttonVariants } from '@templet/ui/button'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet, useLocation, useRouteError } from 'react-router'
import { AppToaster } from '../feedback/toaster'

/** A new path starts at the top of the page. */
function ScrollToTop() {
  const { pathname } = useLocation()
  // `pathname` is the dependency on purpose: each new path scrolls to the top.
  useEffect(() => {
    window.scrollTo(0, 0)
  }, [pathname])
  return null
}

/** Around every route: the one toast region of the app. */
export function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <Outlet />
      <AppToaster />
    </>
  )
}

/** A screen that failed to load (a chunk gone after a deploy, a bug): say so and offer a reload. */
export function RouteError() {
  const { t } = useTranslation()
  const error = useRouteError()
  useEffect(() => {
    console.error(error)
  }, [error])
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
      <title>Templet</title>
      <h1 className="text-2xl font-semibold">{t('app.unexpectedError')}</h1>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className={buttonVariants({ size: 'lg' })}
      >
        {t('app.retry')}
      </button>
    </main>
  )
}
