import { type AccountSession, Code, type UpdateUserBody } from '@templet/api/contract'
import type { Kysely } from 'kysely'
import { raiseSignals } from '../../db/live-signal'
import type { Database, UserRow } from '../../db/schema'
import { AppError, notFound } from '../../errors'
import type { AccountMail } from './account-mail'
import { describeDevice } from './devices'
import type { PasswordCheck } from './password-check'
import type { Passwords } from './passwords'
import type { Session, Sessions } from './sessions'
import { deleteOwnSession, liveSessionsOf } from './sessions.queries'
import { findUserById, updateUserRow } from './users.queries'

export interface AccountSettingsDeps {
  db: Kysely<Database>
  passwords: Passwords
  passwordCheck: PasswordCheck
  sessions: Sessions
  mail: AccountMail
  now: () => number
}

/** The signed-in account's own settings: name, language, password, and the devices signed in to it. */
export class AccountSettings {
  constructor(private readonly d: AccountSettingsDeps) {}

  async update(userId: number, body: UpdateUserBody): Promise<void> {
    const set: Parameters<typeof updateUserRow>[2] = {}
    if (body.name !== undefined) set.name = body.name
    if (body.locale !== undefined) set.locale = body.locale
    if (!(await updateUserRow(this.d.db, userId, set)))
      throw new AppError(Code.unauthorized, 'This account no longer exists')
  }

  /**
   * Sets a new password (the current one required) and answers a fresh session for this device; every other
   * session of the account ends in the same transaction.
   */
  async changePassword(
    session: Session,
    o: { currentPassword: string; password: string; userAgent: string | null },
  ): Promise<{ token: string }> {
    const row = await this.#user(session.userId)
    await this.d.passwordCheck.verify(row, o.currentPassword, ['currentPassword'])
    const passwordHash = await this.d.passwords.hash(o.password)
    const token = await this.d.db.transaction().execute(async (tx) => {
      await updateUserRow(tx, row.id, { password_hash: passwordHash })
      const fresh = await this.d.sessions.issueWithId(row.id, tx, o.userAgent ?? session.userAgent)
      await this.d.sessions.revokeAll(row.id, fresh.id, tx)
      return fresh.token
    })
    this.d.mail.notify(row.email, row, { kind: 'password_changed', name: row.name })
    return { token }
  }

  async sessions(session: Session): Promise<AccountSession[]> {
    const rows = await liveSessionsOf(this.d.db, session.userId, this.d.now())
    return rows.map((r) => ({
      id: r.id,
      device: describeDevice(r.user_agent),
      createdAt: new Date(r.created_at).toISOString(),
      lastSeenAt: new Date(r.last_seen_at ?? r.created_at).toISOString(),
      current: r.id === session.id,
    }))
  }

  async revokeSession(session: Session, id: number): Promise<void> {
    if (!(await deleteOwnSession(this.d.db, session.userId, id))) throw notFound('Session')
    await raiseSignals(this.d.db, [{ kind: 'session', userId: session.userId }])
  }

  async #user(userId: number): Promise<UserRow> {
    const row = await findUserById(this.d.db, userId)
    if (!row) throw new AppError(Code.unauthorized, 'This account no longer exists')
    return row
  }
}
