import { useCallback, useSyncExternalStore } from 'react'

/**
 * Whether a media query matches, read synchronously on the first client render (no flash of the wrong
 * state). During server rendering it reports `false`; layout that must be right on the first paint is
 * done with CSS media queries instead, this hook only drives behaviour and ARIA.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  )
}
