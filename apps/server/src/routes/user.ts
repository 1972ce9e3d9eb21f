import type { Accounts } from '../services/accounts'
import type { Sessions } from '../services/sessions'
import type { Handlers } from './api'

export function userHandlers(
  accounts: Accounts,
  sessions: Sessions,
): Pick<Handlers, 'register' | 'login' | 'logout' | 'myInfo'> {
  return {
    register: ({ body, ip }) => accounts.register(body, ip),
    login: ({ body, ip }) => accounts.login(body, ip),
    logout: async ({ session }) => {
      await sessions.revoke(session)
      return {}
    },
    myInfo: ({ session }) => accounts.user(session.userId),
  }
}
