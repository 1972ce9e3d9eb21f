import type { Kysely } from 'kysely'
import type { Limit } from '../../config'
import { raiseSignals } from '../../db/live-signal'
import type { Database } from '../../db/schema'
import { invalidInput } from '../../errors'
import type { RateLimiter } from '../../services/rate-limit'
import type { AccountMail } from './account-mail'
import { claimAccountToken, retireAccountTokens } from './account-tokens.queries'
import type { LoginThrottle } from './login-throttle'
import type { Passwords } from './passwords'
import { hashToken } from './sessions'
import { deleteUserSessions } from './sessions.queries'
import { findUserByEmail, findUserById, updateUserRow } from './users.queries'

export interface PasswordResetDeps {
  db: Kysely<Database>
  passwords: Passwords
  limiter: RateLimiter
  mailLimit: Limit
  mail: AccountMail
  throttle: LoginThrottle
  now: () => number
}

/** The answer to a link that is unknown, used or expired: the same words for each, and what to do. */
export const expiredLink = () =>
  invalidInput(['token'], 'This link has expired or was already used; ask for a new one', {
    params: { rule: 'expired_link' },
  })

/**
 * "Forgot password?": a single-use link (1 hour by default) mailed to the account's address, and the new
 * password set with it. Asking answers the same whether or not the email has an account, and about as fast: the mail leaves in
 * the background, so only two small writes tell the cases apart.
 */
export class PasswordReset {
  constructor(private readonly d: PasswordResetDeps) {}

  async forgot(email: string, ip: string): Promise<void> {
    const { limiter, mailLimit } = this.d
    // Per address (one visitor asking for many emails) and per email (one mailbox flooded from many addresses);
    // both are counted for unknown emails too, so a refusal tells nothing.
    await limiter.consume(`forgot-ip:${ip}`, { ...mailLimit, limit: mailLimit.limit * 4 })
    await limiter.consume(`forgot-email:${email}`, mailLimit)
    const row = await findUserByEmail(this.d.db, email)
    if (!row) return
    const send = await this.d.mail.link(row, 'reset_password', row.email)
    send()
  }

  /**
   * Sets the new password if the token is live, in one transaction with using it up: of parallel requests with
   * one token exactly one succeeds. Every session of the account ends, and its sign-in lockout is lifted.
   */
  async reset(token: string, password: string): Promise<void> {
    const { db, now } = this.d
    // Hashed before the transaction: the slow part holds no lock.
    const passwordHash = await this.d.passwords.hash(password)
    const email = await db.transaction().execute(async (tx) => {
      const at = now()
      const claim = await claimAccountToken(tx, {
        tokenHash: hashToken(token),
        purposes: ['reset_password'],
        now: at,
      })
      const row = claim && (await findUserById(tx, claim.userId))
      if (!claim || !row) throw expiredLink()
      await updateUserRow(tx, row.id, {
        password_hash: passwordHash,
        // The link reached this mailbox: the address is the account's.
        ...(row.email_verified_at === null && claim.email === row.email ? { email_verified_at: at } : {}),
      })
      await retireAccountTokens(tx, row.id, ['reset_password'], at)
      await deleteUserSessions(tx, row.id)
      await raiseSignals(tx, [{ kind: 'session', userId: row.id }])
      return row.email
    })
    await this.d.throttle.clearAccount(email)
  }
}
