import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'

let markReady: () => void = () => {}
/** Resolves once the toaster is mounted and listening. */
export const toasterReady = new Promise<void>((resolve) => {
  markReady = resolve
})

/**
 * The toaster (the shell's toast part, Radix Toast) is loaded on the first toast, not on every page load:
 * most visits of the public pages never show one.
 */
let wanted = false
const listeners = new Set<() => void>()
export function requestToaster(): void {
  if (wanted) return
  wanted = true
  for (const listener of listeners) listener()
}
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * The shell's toast module, where the toaster and `toast` live. Signed-in screens fetch it once the app has
 * rendered (a few kB; the parts it shares with the menus are loaded already): a toast must still show when
 * the network is gone by the time it is raised.
 */
export const loadToasterModule = () => import('@templet/ui/toast')

const LazyToaster = lazy(async () => ({ default: (await loadToasterModule()).Toaster }))

/** Mounted with the toaster in one commit, after it: its effect runs once the toaster is subscribed. */
function ReadyMarker() {
  useEffect(() => {
    markReady()
  }, [])
  return null
}

/** The app's one toast region (docs/product.md#fixed-figures: 10 px from the top, 2 s, at most 3). */
export function AppToaster() {
  const { t } = useTranslation()
  const show = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  )
  if (!show) return null
  return (
    <Suspense fallback={null}>
      <LazyToaster label={t('app.alerts')} closeLabel={t('app.close')} />
      <ReadyMarker />
    </Suspense>
  )
}
