import { Component, type ErrorInfo, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet } from 'react-router'
import { buttonClass } from '../components/button'
import { AppToaster } from '../feedback/toaster'

/** Around every route: the one toast region of the app. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <AppToaster />
    </>
  )
}

/** A screen that failed to load (a chunk gone after a deploy, a bug): say so and offer a reload. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack)
  }
  override render() {
    return this.state.failed ? <RouteError /> : this.props.children
  }
}

function RouteError() {
  const { t } = useTranslation()
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
      <title>Templet</title>
      <h1 className="text-2xl font-semibold">{t('app.unexpectedError')}</h1>
      <button type="button" onClick={() => window.location.reload()} className={buttonClass({ size: 'lg' })}>
        {t('app.retry')}
      </button>
    </main>
  )
}
