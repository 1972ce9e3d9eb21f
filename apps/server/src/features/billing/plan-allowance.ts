import type { OfferTier } from '@templet/api/contract'
import { TIERS } from './offers'

/** Whom an allowance is for: no subscription, or one of the tiers 49.9, 84.9, 139.9. */
export type AllowancePlan = 'free' | OfferTier

/** Bytes one account may keep: without a subscription, and with each tier in `TIERS`' order. */
export interface BytesByPlan {
  freeBytes: number
  planBytes: [number, number, number]
}

/** The bytes an account with a live subscription of `tier` (or none) may keep. */
export function allowanceFor(
  tier: OfferTier | null,
  quota: BytesByPlan,
): { plan: AllowancePlan; quotaBytes: number } {
  const index = tier ? TIERS.findIndex((t) => t.tier === tier) : -1
  const planBytes = quota.planBytes[index]
  return tier && planBytes !== undefined
    ? { plan: tier, quotaBytes: planBytes }
    : { plan: 'free', quotaBytes: quota.freeBytes }
}

/** A size as a customer reads it in a refusal: megabytes to one decimal. */
export const megabytes = (bytes: number) => `${Math.round((bytes / 2 ** 20) * 10) / 10} MB`
