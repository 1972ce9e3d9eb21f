import { lazy, Suspense, useEffect } from 'react'
import { useTranslation } from 'react-i18next'

let markReady: () => void = () => {}
/** Resolves once the toaster is mounted and listening. */
export const toasterReady = new Promise<void>((resolve) => {
  markReady = resolve
})

const LazyToaster = lazy(async () => ({ default: (await import('@templet/ui')).Toaster }))

/** Mounted with the toaster in one commit, after it: its effect runs once the toaster is subscribed. */
function ReadyMarker() {
  useEffect(() => {
    markReady()
  }, [])
  return null
}

/** The app's one toast region (PRODUCT.md §2: 10 px from the top, 2 s, at most 3), loaded after first paint. */
export function AppToaster() {
  const { t } = useTranslation()
  return (
    <Suspense fallback={null}>
      <LazyToaster label={t('app.alerts')} closeLabel={t('app.close')} />
      <ReadyMarker />
    </Suspense>
  )
}
