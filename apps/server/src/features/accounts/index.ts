import type { MediaInfra } from '../../media-services'
import type { Mailer } from '../../services/mail/mailer'
import type { Subscriptions } from '../billing/subscriptions'
import type { SharedDeps } from '../shared-deps'
import { accountHandlers } from './account.routes'
import { AccountDeletion } from './account-deletion'
import { accountExportRoute } from './account-export'
import { AccountMail } from './account-mail'
import { AccountSettings } from './account-settings'
import { Accounts } from './accounts'
import { EmailAddresses } from './email-addresses'
import { LoginThrottle } from './login-throttle'
import { PasswordCheck } from './password-check'
import { PasswordReset } from './password-reset'
import { createPasswords } from './passwords'
import { Sessions } from './sessions'
import { userHandlers } from './user.routes'

/**
 * The accounts feature: sign-up and sign-in, sessions, passwords, email addresses, the account's mail, its export
 * and its deletion; their `/api` handlers and the export's file route.
 */
export function accountsFeature(
  s: SharedDeps,
  media: Pick<MediaInfra, 'storage' | 'urls'>,
  d: {
    /** A deleted account's subscription is cancelled. */
    subscriptions: Subscriptions
    mailer: Mailer
  },
) {
  const { config, now, log, limiter } = s
  const db = s.db.kysely
  const sessions = new Sessions(db, {
    ttlSeconds: config.sessionTtlSeconds,
    graceSeconds: config.sessionGraceSeconds,
    now,
  })
  const passwords = createPasswords(config.argon2)
  const throttle = new LoginThrottle({ db, now, config: config.loginThrottle })
  const mail = new AccountMail({
    db,
    mailer: d.mailer,
    log,
    now,
    publicUrl: config.billing.publicUrl,
    ttlSeconds: {
      reset_password: config.account.resetTokenTtlSeconds,
      verify_email: config.account.verifyTokenTtlSeconds,
      change_email: config.account.verifyTokenTtlSeconds,
    },
  })
  const passwordCheck = new PasswordCheck({ passwords, limiter })
  const mailLimit = config.account.mailLimit
  const emails = new EmailAddresses({ db, limiter, mailLimit, mail, passwordCheck, now })
  const accountDeletion = new AccountDeletion({
    db,
    storage: media.storage,
    sessions,
    subscriptions: d.subscriptions,
    passwordCheck,
    mail,
    log,
    graceDays: config.account.deletionGraceDays,
    now,
  })
  const accounts = new Accounts({
    db,
    passwords,
    sessions,
    limiter,
    rateLimits: config.rateLimits,
    throttle,
    now,
    emails,
    deletion: accountDeletion,
  })
  const handlers = {
    ...userHandlers(accounts, sessions),
    ...accountHandlers({
      accounts,
      reset: new PasswordReset({ db, passwords, limiter, mailLimit, mail, throttle, now }),
      emails,
      settings: new AccountSettings({ db, passwords, passwordCheck, sessions, mail, now }),
      deletion: accountDeletion,
      urls: media.urls,
      limiter,
    }),
  }
  const exportRoute = accountExportRoute({ db, storage: media.storage, urls: media.urls })
  return { sessions, accounts, accountDeletion, mail, handlers, exportRoute }
}
