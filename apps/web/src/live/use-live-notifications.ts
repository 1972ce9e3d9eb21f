import { notificationStream } from '@templet/api'
import { useCallback, useEffect, useRef } from 'react'
import { API_BASE_URL } from '../api/base-url'
import { queryClient } from '../api/query-client'
import { sessionToken } from '../session/session'

/** Events that arrive together (a replay after a reconnect) refresh the badge and the list once. */
const SETTLE_MS = 50
/**
 * What a notification says changed: the notifications, and the account its events touch (a payment, a renewal
 * or a creation moves the balance the header and the dashboard show; a finished batch ends its progress). Only
 * reads on screen refetch.
 */
const CHANGED = [
  ['myNotification'],
  ['myInfo'],
  ['creditBalance'],
  ['dashboardSummary'],
  // A batch's one notification says it finished: its progress and the history show it at once.
  ['batchDetail'],
  ['batchList'],
] as const

/**
 * While signed in (the app layout is mounted), holds the live notification stream and refreshes every read
 * of the notifications (the badge's count, the list) and of the balance when one arrives. The reader's code loads after the
 * layout has hydrated and painted, in its own chunk, so the first paint does not wait for it. Returns `stop`,
 * for logout to end the stream before the session does.
 */
export function useLiveNotifications(): () => void {
  const controller = useRef<AbortController | null>(null)
  useEffect(() => {
    const c = new AbortController()
    controller.current = c
    let timer: ReturnType<typeof setTimeout> | undefined
    const refresh = () => {
      clearTimeout(timer)
      timer = setTimeout(() => {
        for (const queryKey of CHANGED) void queryClient.invalidateQueries({ queryKey })
      }, SETTLE_MS)
    }
    void import('./notification-stream')
      .then(({ readNotificationStream }) => {
        if (c.signal.aborted) return
        return readNotificationStream({
          url: `${API_BASE_URL}${notificationStream.path}`,
          token: sessionToken,
          onNotification: refresh,
          onReconnected: refresh,
          signal: c.signal,
        })
      })
      // Offline when the chunk was wanted: the badge still refreshes on focus, as before.
      .catch(() => {})
    return () => {
      c.abort()
      clearTimeout(timer)
    }
  }, [])
  return useCallback(() => controller.current?.abort(), [])
}
