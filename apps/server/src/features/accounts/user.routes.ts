import type { Cookies, Handlers } from '../../routes/api'
import type { Accounts, SignedIn } from './accounts'
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS } from './login-throttle'
import type { Sessions } from './sessions'

/** The answer of a sign-in; the browser keeps the device cookie (sent back to sign-ins only). */
function signedIn(cookies: Cookies, { deviceCookie, ...auth }: SignedIn) {
  cookies.set(DEVICE_COOKIE, deviceCookie, {
    path: '/api/user',
    maxAgeSeconds: DEVICE_COOKIE_MAX_AGE_SECONDS,
  })
  return auth
}

export function userHandlers(
  accounts: Accounts,
  sessions: Sessions,
): Pick<Handlers, 'register' | 'login' | 'logout' | 'myInfo'> {
  return {
    register: async ({ body, ip, userAgent, cookies }) => {
      const { locale, ...account } = body
      return signedIn(cookies, await accounts.register(account, ip, userAgent, locale))
    },
    login: async ({ body, ip, userAgent, cookies }) =>
      signedIn(cookies, await accounts.login(body, ip, cookies.get(DEVICE_COOKIE), { userAgent })),
    logout: async ({ session }) => {
      await sessions.revoke(session)
      return {}
    },
    myInfo: ({ session }) => accounts.user(session.userId),
  }
}
