import type { Limit } from '../config'
import type { Db } from '../db/connection'
import { deleteRateLimitsEndedBefore, incrementRateLimit } from '../db/rate-limits'
import { TooManyRequestsError } from '../errors'

export interface Window {
  count: number
  /** When the window ends, ms since the epoch. */
  resetAt: number
}

/**
 * Where counters live. Every server process on one database shares them (docs/product.md#scaling-out), and a restart
 * keeps them: the counters are rows, and one upsert counts and reads a window atomically.
 */
export interface RateLimitStore {
  /** Adds one to `key`'s window (starting a new one of `windowMs` when none is open) and returns it. */
  increment(key: string, windowMs: number, now: number): Promise<Window>
  /** Forgets windows that ended before `now`. */
  sweep(now: number): Promise<void>
}

export function databaseRateLimitStore(db: Db): RateLimitStore {
  return {
    increment: (key, windowMs, now) => incrementRateLimit(db.kysely, key, windowMs, now),
    sweep: (now) => deleteRateLimitsEndedBefore(db.kysely, now),
  }
}

const SWEEP_EVERY_MS = 60_000

/** Fixed-window limits over a {@link RateLimitStore}; every refusal is a {@link TooManyRequestsError}. */
export class RateLimiter {
  #nextSweep = 0

  constructor(
    private readonly store: RateLimitStore,
    private readonly now: () => number,
  ) {}

  /**
   * Counts one attempt and throws when it goes over the limit. The attempt is counted before the work it
   * guards (a password check, a message stored), so parallel attempts cannot all pass a check made first.
   */
  async consume(key: string, l: Limit): Promise<void> {
    const now = this.now()
    if (now >= this.#nextSweep) {
      this.#nextSweep = now + SWEEP_EVERY_MS
      // Best effort: old rows only cost space, never a wrong answer.
      void this.store.sweep(now).catch(() => {})
    }
    const w = await this.store.increment(key, l.windowSeconds * 1000, now)
    if (w.count > l.limit) throw new TooManyRequestsError(retryAfter(w, now))
  }
}

const retryAfter = (w: Window, now: number) => Math.max(1, Math.ceil((w.resetAt - now) / 1000))
