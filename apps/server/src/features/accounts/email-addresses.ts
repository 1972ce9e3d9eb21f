import { Code } from '@templet/api/contract'
import type { Kysely } from 'kysely'
import type { Limit } from '../../config'
import { isUniqueViolation } from '../../db/connection'
import type { Database, UserRow } from '../../db/schema'
import { AppError, invalidInput } from '../../errors'
import type { RateLimiter } from '../../services/rate-limit'
import type { AccountMail } from './account-mail'
import { claimAccountToken, retireAccountTokens } from './account-tokens.queries'
import type { PasswordCheck } from './password-check'
import { expiredLink } from './password-reset'
import { hashToken } from './sessions'
import { findUserByEmail, findUserById, updateUserRow } from './users.queries'

export interface EmailAddressDeps {
  db: Kysely<Database>
  limiter: RateLimiter
  mailLimit: Limit
  mail: AccountMail
  passwordCheck: PasswordCheck
  now: () => number
}

const EMAIL_TAKEN = 'email: An account with this email already exists'

/**
 * Confirmation of the account's address: of a new account's (a banner shows until it is confirmed), and of a
 * new address, which becomes the account's only when the link mailed to it is opened; the old address is told.
 */
export class EmailAddresses {
  constructor(private readonly d: EmailAddressDeps) {}

  /** Mails a new account its confirmation link. */
  async welcome(user: Pick<UserRow, 'id' | 'name' | 'locale' | 'email'>): Promise<void> {
    const send = await this.d.mail.link(user, 'verify_email', user.email)
    send()
  }

  async resend(userId: number): Promise<void> {
    const row = await this.#user(userId)
    if (row.email_verified_at !== null)
      throw new AppError(Code.conflict, 'Your email address is already confirmed')
    await this.d.limiter.consume(`mail-user:${userId}`, this.d.mailLimit)
    await this.welcome(row)
  }

  /** Mails a confirmation link to `email`; the account keeps its address until the link is opened. */
  async change(userId: number, email: string, password: string): Promise<void> {
    const row = await this.#user(userId)
    await this.d.passwordCheck.verify(row, password, ['password'])
    if (email === row.email)
      throw invalidInput(['email'], 'This is already your email address', { params: { rule: 'same_email' } })
    if (await findUserByEmail(this.d.db, email)) throw new AppError(Code.conflict, EMAIL_TAKEN)
    await this.d.limiter.consume(`mail-user:${userId}`, this.d.mailLimit)
    const send = await this.d.mail.link(row, 'change_email', email)
    send()
  }

  /**
   * Opens a mailed link, once: confirms the address, or makes the new address the account's (409 when another
   * account took it meanwhile). Returns the account's address after it.
   */
  async confirm(token: string): Promise<{ email: string }> {
    const { db, now } = this.d
    try {
      const done = await db.transaction().execute(async (tx) => {
        const at = now()
        const claim = await claimAccountToken(tx, {
          tokenHash: hashToken(token),
          purposes: ['verify_email', 'change_email'],
          now: at,
        })
        const row = claim && (await findUserById(tx, claim.userId))
        if (!claim || !row) throw expiredLink()
        if (claim.purpose === 'verify_email') {
          // A link to an address the account has left since confirms nothing.
          if (claim.email !== row.email) throw expiredLink()
          if (row.email_verified_at === null) await updateUserRow(tx, row.id, { email_verified_at: at })
          return { email: row.email, changedFrom: undefined, row }
        }
        await updateUserRow(tx, row.id, { email: claim.email, email_verified_at: at })
        await retireAccountTokens(tx, row.id, ['change_email', 'verify_email', 'reset_password'], at)
        return { email: claim.email, changedFrom: row.email, row }
      })
      if (done.changedFrom)
        this.d.mail.notify(done.changedFrom, done.row, {
          kind: 'email_changed',
          name: done.row.name,
          email: done.email,
        })
      return { email: done.email }
    } catch (err) {
      if (isUniqueViolation(err))
        throw new AppError(
          Code.conflict,
          'email: This address now belongs to another account; choose another one',
        )
      throw err
    }
  }

  async #user(userId: number): Promise<UserRow> {
    const row = await findUserById(this.d.db, userId)
    if (!row) throw new AppError(Code.unauthorized, 'This account no longer exists')
    return row
  }
}
