import type { Kysely } from 'kysely'
import type { AccountTokenPurpose, Database, UserRow } from '../../db/schema'
import { errorFields, type Logger } from '../../log'
import type { Mailer } from '../../services/mail/mailer'
import { composeMail, type MailKind, type MailLocale } from '../../services/mail/texts'
import { insertAccountToken, retireAccountTokens } from './account-tokens.queries'
import { hashToken, newToken } from './sessions'

/** The page of the web app each link opens. */
const LINK_PAGES: Record<AccountTokenPurpose, string> = {
  reset_password: '/reset-password',
  verify_email: '/confirm-email',
  change_email: '/confirm-email',
}

export interface AccountMailDeps {
  db: Kysely<Database>
  mailer: Mailer
  log: Logger
  now: () => number
  /** Where the web app is reached: the links' origin. */
  publicUrl: string
  ttlSeconds: Record<AccountTokenPurpose, number>
}

type Recipient = Pick<UserRow, 'id' | 'name' | 'locale'>

const localeOf = (u: Pick<UserRow, 'locale'>): MailLocale => (u.locale === 'zh-CN' ? 'zh-CN' : 'en')

/**
 * The account's mail: single-use links (a random token mailed, only its SHA-256 stored, expiring) and notices.
 * A mail is handed to the transport without waiting for it, so an answer takes the same time whether or not a
 * mail was sent (the forgotten-password form must not tell which addresses have accounts); a failed delivery
 * is logged. A process that stops waits for the mails on their way (`sent`), so none is lost to a restart.
 */
export class AccountMail {
  readonly #sending = new Set<Promise<void>>()

  constructor(private readonly d: AccountMailDeps) {}

  /** Resolves once every mail handed over so far has been delivered or has failed. */
  async sent(): Promise<void> {
    await Promise.allSettled([...this.#sending])
  }

  /**
   * Mails `user` at `email` a link for `purpose`, retiring the older links of the same purpose (inside the
   * caller's transaction when given one; the mail leaves after the call returns).
   */
  async link(
    user: Recipient,
    purpose: AccountTokenPurpose,
    email: string,
    db: Kysely<Database> = this.d.db,
  ): Promise<() => void> {
    const now = this.d.now()
    const token = newToken()
    const ttl = this.d.ttlSeconds[purpose]
    await retireAccountTokens(db, user.id, [purpose], now)
    await insertAccountToken(db, {
      userId: user.id,
      purpose,
      tokenHash: hashToken(token),
      email,
      now,
      expiresAt: now + ttl * 1000,
    })
    const link = `${this.d.publicUrl}${LINK_PAGES[purpose]}?token=${token}`
    const kind: MailKind =
      purpose === 'reset_password'
        ? { kind: purpose, name: user.name, link, minutes: Math.round(ttl / 60) }
        : purpose === 'verify_email'
          ? { kind: purpose, name: user.name, link, hours: Math.round(ttl / 3600) }
          : { kind: purpose, name: user.name, link, hours: Math.round(ttl / 3600), email }
    return () => this.notify(email, user, kind)
  }

  /** Sends a notice (no link to act on) to `to` in the user's language, in the background. */
  notify(to: string, user: Pick<UserRow, 'locale'>, kind: MailKind): void {
    const mail = composeMail(to, localeOf(user), kind)
    const sending = this.d.mailer
      .send(mail)
      .catch((err) => this.d.log.error('mail not delivered', { kind: kind.kind, ...errorFields(err) }))
      .finally(() => this.#sending.delete(sending))
    this.#sending.add(sending)
  }

  /** The sign-in page's address, for mails that ask the reader to sign in. */
  signInLink(): string {
    return `${this.d.publicUrl}/login`
  }
}
