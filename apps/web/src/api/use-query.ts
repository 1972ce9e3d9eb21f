import { type DependencyList, useCallback, useEffect, useRef, useState } from 'react'
import { reportError } from '../feedback/notify'

export type QueryState<T> =
  | { status: 'loading'; data: undefined }
  | { status: 'ready'; data: T }
  | { status: 'error'; data: undefined }

/**
 * Loads data for a screen: `loading` (show skeletons), `ready`, or `error` (already toasted; offer a retry).
 * A newer load or unmounting aborts the older one. `setData` allows optimistic updates.
 */
export function useQuery<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList) {
  const [state, setState] = useState<QueryState<T>>({ status: 'loading', data: undefined })
  const [attempt, setAttempt] = useState(0)
  const loadRef = useRef(load)
  loadRef.current = load

  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps decide when to reload.
  useEffect(() => {
    const controller = new AbortController()
    setState({ status: 'loading', data: undefined })
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data })
      },
      (error: unknown) => {
        if (controller.signal.aborted) return
        reportError(error)
        setState({ status: 'error', data: undefined })
      },
    )
    return () => controller.abort()
  }, [...deps, attempt])

  const reload = useCallback(() => setAttempt((n) => n + 1), [])
  const setData = useCallback((update: (previous: T) => T) => {
    setState((previous) =>
      previous.status === 'ready' ? { status: 'ready', data: update(previous.data) } : previous,
    )
  }, [])
  return { ...state, reload, setData }
}
