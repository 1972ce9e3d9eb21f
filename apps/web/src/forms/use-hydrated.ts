import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False in the pre-rendered HTML and while the app hydrates it, true from then on (and at once in a page
 * the app renders itself). A form's submit button waits for it: before the app runs, a submit would be the
 * browser's own, and lose what was typed.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
