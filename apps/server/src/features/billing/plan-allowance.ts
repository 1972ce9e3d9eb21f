import type { OfferTier } from '@templet/api/contract'
import { TIERS } from './offers'

/** Whom an allowance is for: no subscription, or one of the tiers 49.9, 84.9, 139.9. */
export type AllowancePlan = 'free' | OfferTier

/** Bytes one account may keep: without a subscription, and with each tier in `TIERS`' order. */
export interface BytesByPlan {
  freeBytes: number
  planBytes: [number, number, number]
}

/**
 * An allowance by plan: `plans` holds the tiers' in `TIERS`' order, and an account without a live subscription
 * (or with a tier no longer offered) has `free`'s.
 */
export function byPlan<T>(
  tier: OfferTier | null,
  free: T,
  plans: readonly [T, T, T],
): { plan: AllowancePlan; value: T } {
  const value = tier ? plans[TIERS.findIndex((t) => t.tier === tier)] : undefined
  return tier && value !== undefined ? { plan: tier, value } : { plan: 'free', value: free }
}

/** The bytes an account with a live subscription of `tier` (or none) may keep. */
export function allowanceFor(
  tier: OfferTier | null,
  quota: BytesByPlan,
): { plan: AllowancePlan; quotaBytes: number } {
  const { plan, value } = byPlan(tier, quota.freeBytes, quota.planBytes)
  return { plan, quotaBytes: value }
}

/** A size as a customer reads it in a refusal: megabytes to one decimal. */
export const megabytes = (bytes: number) => `${Math.round((bytes / 2 ** 20) * 10) / 10} MB`
