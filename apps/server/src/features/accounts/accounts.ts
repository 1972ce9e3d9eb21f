import { type AccountLocale, Code, type LoginBody, type RegisterBody, type User } from '@templet/api/contract'
import type { Kysely } from 'kysely'
import type { Config } from '../../config'
import { isUniqueViolation } from '../../db/connection'
import type { Database, UserRow } from '../../db/schema'
import { AppError } from '../../errors'
import type { RateLimiter } from '../../services/rate-limit'
import { creditBalance, grantCredits, SIGNUP_CREDITS } from '../billing/ledger'
import { welcomeNotification } from '../notifications/notifications'
import { insertNotifications } from '../notifications/notifications.queries'
import { type AccountDeletion, deletionPending } from './account-deletion'
import { pendingEmailOf } from './account-tokens.queries'
import type { EmailAddresses } from './email-addresses'
import type { LoginThrottle } from './login-throttle'
import type { Passwords } from './passwords'
import type { Sessions } from './sessions'
import { findUserByEmail, findUserWithCredits, insertUser } from './users.queries'

export interface AccountDeps {
  db: Kysely<Database>
  passwords: Passwords
  sessions: Sessions
  limiter: RateLimiter
  rateLimits: Config['rateLimits']
  throttle: LoginThrottle
  now: () => number
  /** Mails a new account its confirmation link. */
  emails: EmailAddresses
  /** Asked when a sign-in reaches an account whose deletion is pending. */
  deletion: AccountDeletion
}

/** A sign-in or registration, and the device cookie that marks this browser as the account's. */
export type SignedIn = { token: string; user: User; deviceCookie: string }

export const WRONG_PAIR = 'Wrong email or password'
const EMAIL_TAKEN = 'email: An account with this email already exists'

function toUser(row: UserRow, credits: number, pendingEmail: string | null): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    locale: (row.locale === 'zh-CN' ? 'zh-CN' : 'en') satisfies AccountLocale,
    emailVerified: row.email_verified_at !== null,
    pendingEmail,
    credits,
    subscription: null,
    createdAt: new Date(row.created_at).toISOString(),
  }
}

export class Accounts {
  constructor(private readonly d: AccountDeps) {}

  /**
   * Creates the account with its signup credits and welcome notification, and signs it in, in one
   * transaction. Of concurrent registrations of one email exactly one wins; the others get 409.
   */
  async register(
    body: RegisterBody,
    ip: string,
    userAgent: string | null = null,
    locale: AccountLocale = 'en',
  ): Promise<SignedIn> {
    await this.d.limiter.consume(`register:${ip}`, this.d.rateLimits.register)
    if (await findUserByEmail(this.d.db, body.email)) throw new AppError(Code.conflict, EMAIL_TAKEN)
    const made = await this.create(body, { userAgent, locale })
    await this.d.emails.welcome(made.user)
    return { ...made, deviceCookie: await this.d.throttle.deviceCookie(made.user.id, undefined) }
  }

  /**
   * {@link register} without the rate limit or the confirmation mail: also used to seed the demo account
   * (`verified`: its address needs no confirmation).
   */
  async create(
    body: RegisterBody,
    o: { userAgent?: string | null; verified?: boolean; locale?: AccountLocale } = {},
  ): Promise<{ token: string; user: User }> {
    const { db, now } = this.d
    const name = body.name ?? body.email.split('@')[0]?.slice(0, 50) ?? body.email
    const passwordHash = await this.d.passwords.hash(body.password)
    try {
      return await db.transaction().execute(async (tx) => {
        const at = now()
        const userId = await insertUser(tx, {
          email: body.email,
          name,
          passwordHash,
          now: at,
          locale: o.locale ?? 'en',
          verifiedAt: o.verified ? at : null,
        })
        await grantCredits(tx, { userId, amount: SIGNUP_CREDITS, reason: 'signup', now: at })
        await insertNotifications(tx, [welcomeNotification(userId, { name, credits: SIGNUP_CREDITS }, at)])
        const { token } = await this.d.sessions.issueWithId(userId, tx, o.userAgent)
        return { token, user: await this.#user(tx, userId) }
      })
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(Code.conflict, EMAIL_TAKEN)
      throw err
    }
  }

  /**
   * Signs in. An unknown email and a wrong password get the same answer after the same work (a hash
   * verification either way). Failures are throttled by {@link LoginThrottle}: by account and address, and
   * by device for a browser this account signed in from before (`deviceCookie`), so that nobody else's
   * failures can keep the owner out of their own browser.
   */
  async login(
    body: LoginBody,
    ip: string,
    deviceCookie: string | undefined,
    o: { userAgent?: string | null; keepAccount?: boolean } = {},
  ): Promise<SignedIn> {
    const { db, limiter, rateLimits, throttle } = this.d
    await limiter.consume(`login-ip:${ip}`, rateLimits.loginIp)
    const row = await findUserByEmail(db, body.email)
    const known = await throttle.knownDevice(deviceCookie)
    const device = row && known?.userId === row.id ? known : undefined
    const attempt = await throttle.claim({ email: body.email, ip, device })
    const ok = await this.d.passwords.verify(row?.password_hash, body.password)
    if (!row || !ok) throw new AppError(Code.unauthorized, WRONG_PAIR)
    await throttle.succeeded(attempt)
    if (row.delete_after !== null) {
      if (!o.keepAccount) throw deletionPending(row.delete_after)
      await this.d.deletion.cancel(row)
      row.delete_after = null
    } else if (o.keepAccount)
      throw new AppError(Code.notFound, 'This account is not being deleted; sign in as usual')
    await this.d.sessions.pruneExpired(row.id)
    const { token } = await this.d.sessions.issueWithId(row.id, db, o.userAgent)
    return {
      token,
      user: toUser(row, await creditBalance(db, row.id), await pendingEmailOf(db, row.id, this.d.now())),
      deviceCookie: await throttle.deviceCookie(row.id, device),
    }
  }

  user(userId: number): Promise<User> {
    return this.#user(this.d.db, userId)
  }

  async #user(db: Kysely<Database>, userId: number): Promise<User> {
    const row = await findUserWithCredits(db, userId)
    if (!row || row.deleted_at !== null)
      throw new AppError(Code.unauthorized, 'This account no longer exists')
    return toUser(row, Number(row.credits), await pendingEmailOf(db, userId, this.d.now()))
  }
}
