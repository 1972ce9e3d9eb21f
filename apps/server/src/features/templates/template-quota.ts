import { Code, type OfferTier } from '@templet/api/contract'
import type { Limit } from '../../config'
import { AppError } from '../../errors'
import type { RateLimiter } from '../../services/rate-limit'
import { lockUserCredits } from '../billing/ledger'
import { type AllowancePlan, allowanceFor, type BytesByPlan, megabytes } from '../billing/plan-allowance'
import { type SaveGuard, templateUsage } from './template-library.queries'

/** 403: the save would take the account's templates past what its plan keeps. */
export class TemplateQuotaExceeded extends AppError {
  override name = 'TemplateQuotaExceeded'
  constructor(usedBytes: number, bytes: number, quotaBytes: number, plan: AllowancePlan) {
    super(
      Code.forbidden,
      `Saving this would take your templates to ${megabytes(usedBytes + bytes)}, past the ${megabytes(quotaBytes)} your plan keeps (every saved version counts): delete templates you no longer use${
        plan === 'free' ? ', or subscribe for more room' : ''
      }`,
      { usedBytes, bytes, quotaBytes },
    )
  }
}

/**
 * What a customer's templates may take: saves per window (`rate`), and the bytes of every version of their
 * templates not deleted, by plan (a version is kept for the creations made from it, so each save adds its whole
 * document). The count is checked in the save's transaction with the user's row locked, so saves at once
 * (another tab, another server process) cannot together pass the allowance.
 */
export class TemplateQuota {
  constructor(
    private readonly d: {
      quota: BytesByPlan
      rate: Limit
      limiter: RateLimiter
    },
  ) {}

  /**
   * Counts the save against the rate (a 429 past it) and gives the check its transaction runs first; `tier` is
   * the user's live subscription's, or null.
   */
  async saving(userId: number, tier: OfferTier | null): Promise<SaveGuard> {
    await this.d.limiter.consume(`template-save:${userId}`, this.d.rate)
    const { plan, quotaBytes } = allowanceFor(tier, this.d.quota)
    return async (trx, bytes) => {
      await lockUserCredits(trx, userId)
      const used = await templateUsage(trx, userId)
      if (used + bytes > quotaBytes) throw new TemplateQuotaExceeded(used, bytes, quotaBytes, plan)
    }
  }
}
