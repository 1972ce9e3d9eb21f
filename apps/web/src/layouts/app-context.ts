import type { User } from '@templet/api'
import { createContext, useContext } from 'react'

export interface AppContextValue {
  /** The signed-in user from `GET /user/my-info`; undefined while it loads. */
  user: User | undefined
  reloadUser: () => void
  /** The unread count behind the bell (`total` of the unread list). */
  unread: number
  /** Re-reads the unread count: call it after changing notifications. */
  refreshUnread: () => void
}

export const AppContext = createContext<AppContextValue>({
  user: undefined,
  reloadUser: () => {},
  unread: 0,
  refreshUnread: () => {},
})

/** The logged-in layout's shared state, for the screens inside it. */
export function useApp(): AppContextValue {
  return useContext(AppContext)
}
