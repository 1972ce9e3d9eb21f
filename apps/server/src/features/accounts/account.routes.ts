import type { Handlers } from '../../routes/api'
import type { FileUrls } from '../../services/file-urls'
import type { RateLimiter } from '../../services/rate-limit'
import type { AccountDeletion } from './account-deletion'
import { exportLink } from './account-export'
import type { AccountSettings } from './account-settings'
import type { Accounts } from './accounts'
import type { EmailAddresses } from './email-addresses'
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS } from './login-throttle'
import type { PasswordReset } from './password-reset'

export interface AccountParts {
  accounts: Accounts
  reset: PasswordReset
  emails: EmailAddresses
  settings: AccountSettings
  deletion: AccountDeletion
  urls: FileUrls
  limiter: RateLimiter
}

/** Exports asked per account and hour: each one reads every file of the account. */
const EXPORT_LIMIT = { limit: 10, windowSeconds: 3600 }

export function accountHandlers(
  p: AccountParts,
): Pick<
  Handlers,
  | 'forgotPassword'
  | 'resetPassword'
  | 'changePassword'
  | 'updateUser'
  | 'changeEmail'
  | 'confirmEmail'
  | 'resendVerification'
  | 'sessionList'
  | 'sessionRevoke'
  | 'exportAccount'
  | 'deleteAccount'
  | 'cancelDeletion'
> {
  return {
    forgotPassword: async ({ body, ip }) => {
      await p.reset.forgot(body.email, ip)
      return {}
    },
    resetPassword: async ({ body }) => {
      await p.reset.reset(body.token, body.password)
      return {}
    },
    changePassword: ({ body, session, userAgent }) =>
      p.settings.changePassword(session, { ...body, userAgent }),
    updateUser: async ({ body, session }) => {
      await p.settings.update(session.userId, body)
      return p.accounts.user(session.userId)
    },
    changeEmail: async ({ body, session }) => {
      await p.emails.change(session.userId, body.email, body.password)
      return {}
    },
    confirmEmail: ({ body }) => p.emails.confirm(body.token),
    resendVerification: async ({ session }) => {
      await p.emails.resend(session.userId)
      return {}
    },
    sessionList: async ({ session }) => {
      const items = await p.settings.sessions(session)
      return { items, total: items.length }
    },
    sessionRevoke: async ({ body, session }) => {
      await p.settings.revokeSession(session, body.id)
      return {}
    },
    exportAccount: async ({ session }) => {
      await p.limiter.consume(`export:${session.userId}`, EXPORT_LIMIT)
      return exportLink(p.urls, session.userId)
    },
    deleteAccount: ({ body, session }) => p.deletion.request(session.userId, body.password),
    cancelDeletion: async ({ body, ip, userAgent, cookies }) => {
      const { deviceCookie, ...auth } = await p.accounts.login(body, ip, cookies.get(DEVICE_COOKIE), {
        userAgent,
        keepAccount: true,
      })
      cookies.set(DEVICE_COOKIE, deviceCookie, {
        path: '/api/user',
        maxAgeSeconds: DEVICE_COOKIE_MAX_AGE_SECONDS,
      })
      return auth
    },
  }
}
