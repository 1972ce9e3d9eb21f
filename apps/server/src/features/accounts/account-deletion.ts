import { Code } from '@templet/api/contract'
import type { Kysely } from 'kysely'
import type { Database, UserRow } from '../../db/schema'
import { AppError } from '../../errors'
import { errorFields, type Logger } from '../../log'
import type { MediaStorage } from '../../services/storage'
import type { Subscriptions } from '../billing/subscriptions'
import { ownedTeamsWithOthers } from '../teams/teams.queries'
import type { AccountMail } from './account-mail'
import { accountFiles, claimPurge, deleteAccountRows, dueDeletions } from './account-purge.queries'
import { retireAccountTokens } from './account-tokens.queries'
import type { PasswordCheck } from './password-check'
import type { Sessions } from './sessions'
import { findUserById, updateUserRow } from './users.queries'

export interface AccountDeletionDeps {
  db: Kysely<Database>
  storage: MediaStorage
  sessions: Sessions
  subscriptions: Subscriptions
  passwordCheck: PasswordCheck
  mail: AccountMail
  log: Logger
  graceDays: number
  now: () => number
}

const DAY_MS = 86_400_000

/** The 403 a sign-in gets while the account's deletion is pending; `data.deleteAfter` lets the app offer to keep it. */
export function deletionPending(deleteAfter: number): AppError {
  const date = new Date(deleteAfter).toISOString()
  return new AppError(
    Code.forbidden,
    `This account will be deleted on ${date.slice(0, 10)}; keep it to sign in`,
    { deleteAfter: date },
  )
}

/**
 * Deleting an account: asked with the password, it takes effect after a grace period (sign-in fails at once and
 * offers to keep the account); then {@link purgeDue} removes its rows and files, leaving the purchases the law
 * keeps on an anonymous tombstone.
 */
export class AccountDeletion {
  constructor(private readonly d: AccountDeletionDeps) {}

  async request(userId: number, password: string): Promise<{ deleteAfter: string }> {
    const { db, now } = this.d
    const row = await findUserById(db, userId)
    if (!row) throw new AppError(Code.unauthorized, 'This account no longer exists')
    await this.d.passwordCheck.verify(row, password, ['password'])
    // A team with other members is theirs too: it is handed over or deleted first (a team of its owner alone goes
    // with the account when it is purged).
    const shared = await ownedTeamsWithOthers(db, userId)
    if (shared.length > 0)
      throw new AppError(
        Code.conflict,
        `You own ${shared.join(', ')} with other members: hand each team over to one of them, or delete it, first`,
      )
    const deleteAfter = now() + this.d.graceDays * DAY_MS
    await db.transaction().execute(async (tx) => {
      await updateUserRow(tx, userId, { delete_after: deleteAfter })
      await retireAccountTokens(tx, userId, ['reset_password', 'verify_email', 'change_email'], now())
      await this.d.sessions.revokeAll(userId, undefined, tx)
    })
    // No renewal may charge an account that is going: the plan ends with its paid period.
    await this.d.subscriptions.cancel(userId, userId).catch((err) => {
      if (!(err instanceof AppError && err.code === Code.notFound))
        this.d.log.error('cancelling the subscription of a deleted account failed', {
          userId,
          ...errorFields(err),
        })
    })
    this.d.mail.notify(row.email, row, {
      kind: 'deletion_scheduled',
      name: row.name,
      date: new Date(deleteAfter).toISOString().slice(0, 10),
      link: this.d.mail.signInLink(),
    })
    return { deleteAfter: new Date(deleteAfter).toISOString() }
  }

  /** The owner signed in during the grace period and keeps the account. */
  async cancel(row: UserRow): Promise<void> {
    await updateUserRow(this.d.db, row.id, { delete_after: null })
    this.d.mail.notify(row.email, row, { kind: 'deletion_canceled', name: row.name })
  }

  /**
   * Purges every account whose grace period has ended: each in one transaction that first claims it (so two
   * processes never purge one twice, and a crash leaves it whole to be purged again), then removes its files.
   * A file whose delete fails is named by no row any more, and the media sweep takes it later. Returns how many.
   */
  async purgeDue(): Promise<number> {
    let purged = 0
    for (;;) {
      const due = await dueDeletions(this.d.db, this.d.now(), 20)
      let claimedAny = false
      for (const userId of due) {
        const files = await this.d.db.transaction().execute(async (tx) => {
          if (!(await claimPurge(tx, userId, this.d.now()))) return undefined
          const f = await accountFiles(tx, userId)
          await deleteAccountRows(tx, userId, this.d.now())
          return f
        })
        if (!files) continue
        claimedAny = true
        purged += 1
        await this.#deleteFiles(files).catch((err) =>
          this.d.log.warn('files of a purged account left for the media sweep', {
            userId,
            ...errorFields(err),
          }),
        )
      }
      if (!claimedAny) return purged
    }
  }

  async #deleteFiles(f: { prefixes: string[]; keys: string[] }): Promise<void> {
    const keys = [...f.keys]
    for (const prefix of f.prefixes) for await (const o of this.d.storage.list(`${prefix}/`)) keys.push(o.key)
    for (let i = 0; i < keys.length; i += 500) await this.d.storage.delete(keys.slice(i, i + 500))
  }
}

/** Runs {@link AccountDeletion.purgeDue} every `intervalMs`, never two at once in this process. Returns `stop`. */
export function startAccountScheduler(
  deletion: AccountDeletion,
  intervalMs: number,
  log: Logger,
): () => void {
  let running: Promise<void> | undefined
  const tick = () => {
    if (running) return
    running = deletion
      .purgeDue()
      .then((n) => {
        if (n > 0) log.info('purged deleted accounts', { purged: n })
      })
      .catch((err) => log.error('account purge failed', errorFields(err)))
      .finally(() => {
        running = undefined
      })
  }
  const timer = setInterval(tick, intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}
