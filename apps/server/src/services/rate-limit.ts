import type { Limit } from '../config'
import { TooManyRequestsError } from '../errors'

export interface Window {
  count: number
  /** When the window ends, ms since the epoch. */
  resetAt: number
}

/**
 * Where counters live. The in-memory store is right for one process; several API nodes need a shared one
 * (e.g. Redis INCR + PEXPIRE, or a table) behind this same interface.
 */
export interface RateLimitStore {
  /** Adds one to `key`'s window (starting a new one of `windowMs` when none is open) and returns it. */
  increment(key: string, windowMs: number, now: number): Window
  get(key: string, now: number): Window | undefined
  delete(key: string): void
}

export class MemoryRateLimitStore implements RateLimitStore {
  readonly #windows = new Map<string, Window>()
  #nextSweep = 0

  increment(key: string, windowMs: number, now: number): Window {
    this.#sweep(now)
    let w = this.get(key, now)
    if (!w) {
      w = { count: 0, resetAt: now + windowMs }
      this.#windows.set(key, w)
    }
    w.count += 1
    return w
  }

  get(key: string, now: number): Window | undefined {
    const w = this.#windows.get(key)
    return w && w.resetAt > now ? w : undefined
  }

  delete(key: string): void {
    this.#windows.delete(key)
  }

  /** Drops closed windows at most once a minute, so memory follows the number of recent clients. */
  #sweep(now: number) {
    if (now < this.#nextSweep) return
    this.#nextSweep = now + 60_000
    for (const [k, w] of this.#windows) if (w.resetAt <= now) this.#windows.delete(k)
  }
}

/** Fixed-window limits over a {@link RateLimitStore}; every refusal is a {@link TooManyRequestsError}. */
export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly now: () => number,
  ) {}

  /** Counts one attempt; throws when it goes over the limit. */
  consume(key: string, l: Limit): void {
    const now = this.now()
    const w = this.store.increment(key, l.windowSeconds * 1000, now)
    if (w.count > l.limit) throw new TooManyRequestsError(retryAfter(w, now))
  }

  /** Throws when `key` already reached its limit, without counting. */
  check(key: string, l: Limit): void {
    const now = this.now()
    const w = this.store.get(key, now)
    if (w && w.count >= l.limit) throw new TooManyRequestsError(retryAfter(w, now))
  }

  /** Counts one event without refusing (e.g. a failed login, checked by {@link check} next time). */
  record(key: string, l: Limit): void {
    this.store.increment(key, l.windowSeconds * 1000, this.now())
  }

  reset(key: string): void {
    this.store.delete(key)
  }
}

const retryAfter = (w: Window, now: number) => Math.max(1, Math.ceil((w.resetAt - now) / 1000))
