import { Code, type OfferTier } from '@templet/api/contract'
import type { Kysely } from 'kysely'
import type { MediaConfig } from '../../config'
import type { Database } from '../../db/schema'
import { AppError } from '../../errors'
import { lockUserCredits } from '../billing/ledger'
import { type AllowancePlan, allowanceFor, megabytes as mb } from '../billing/plan-allowance'
import { uploadUsage } from './uploads.queries'

/** 403: the upload does not fit the plan's storage. */
export class QuotaExceededError extends AppError {
  override name = 'QuotaExceededError'
  constructor(usedBytes: number, quotaBytes: number, plan: AllowancePlan) {
    super(
      Code.forbidden,
      `Your uploads take ${mb(usedBytes)} of the ${mb(quotaBytes)} your plan allows; delete some in My uploads${
        plan === 'free' ? ' or subscribe for more room' : ''
      }`,
      { usedBytes, quotaBytes },
    )
  }
}

/**
 * How much storage a customer's uploads may take: `freeBytes` without a subscription, more with each tier.
 * The check that counts is made in the transaction that stores the upload's row, with the user's row locked,
 * so parallel uploads of one account cannot together pass the allowance.
 */
export class UploadQuota {
  constructor(
    private readonly d: {
      db: Kysely<Database>
      quota: MediaConfig['uploadQuota']
      /** The tier of the user's live subscription, or null. */
      planOf: (userId: number) => Promise<OfferTier | null>
    },
  ) {}

  async allowance(userId: number): Promise<{ plan: AllowancePlan; quotaBytes: number }> {
    return allowanceFor(await this.d.planOf(userId), this.d.quota)
  }

  async usage(userId: number) {
    const [{ bytes, files }, { plan, quotaBytes }] = await Promise.all([
      uploadUsage(this.d.db, userId),
      this.allowance(userId),
    ])
    return { usedBytes: bytes, quotaBytes, files, plan }
  }

  /** Refuses at once when the user's uploads already fill the allowance (before an upload's body is read). */
  async assertRoomLeft(userId: number): Promise<void> {
    const u = await this.usage(userId)
    if (u.usedBytes >= u.quotaBytes) throw new QuotaExceededError(u.usedBytes, u.quotaBytes, u.plan)
  }

  /** Runs `insert` (the upload's row) only if `bytes` more fit the allowance, atomically per user. */
  async insertWithin<T>(
    userId: number,
    bytes: number,
    insert: (tx: Kysely<Database>) => Promise<T>,
  ): Promise<T> {
    const { plan, quotaBytes } = await this.allowance(userId)
    return this.d.db.transaction().execute(async (tx) => {
      // The user's row lock, as spends take it: uploads of one account are counted one after another.
      await lockUserCredits(tx, userId)
      const { bytes: used } = await uploadUsage(tx, userId)
      if (used + bytes > quotaBytes) throw new QuotaExceededError(used, quotaBytes, plan)
      return insert(tx)
    })
  }
}
