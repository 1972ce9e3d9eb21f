import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { sharedSecret } from '../../db/server-secrets'
import { TooManyRequestsError } from '../../errors'
import {
  claimLoginAttempt,
  clearAccountLoginFailures,
  clearLoginFailures,
  type DelayRule,
  deleteLoginFailuresBefore,
} from './login-throttle.queries'

/** The cookie that marks a browser where an account signed in before (OWASP's "device cookie"). */
export const DEVICE_COOKIE = 'templet_device'
/** How long a device stays known without signing in again. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 3600

/** Waits start at one minute and double. */
const FIRST_DELAY_MS = 60_000
/** Failures are forgotten after a day without another. */
const MEMORY_MS = 24 * 3600 * 1000
const SWEEP_EVERY_MS = 60_000

export interface LoginThrottleConfig {
  /** Failures for one account from unknown devices (any address) before each next try must wait. */
  accountLimit: number
  /** Failures for one account from one address, or from one known device, before waits start. */
  sourceLimit: number
  /** The longest wait; they double from one minute up to it. */
  maxDelaySeconds: number
}

/** A browser the account signed in from before: the cookie names the account and a random device id. */
export interface KnownDevice {
  userId: number
  deviceId: string
}

/** What a sign-in attempt claimed: the counters a success clears. */
export interface LoginAttempt {
  keys: string[]
}

/**
 * Sign-in throttling that gives an attacker no lock on someone else's account (OWASP Authentication Cheat
 * Sheet, "Account lockout", and its device cookies):
 *
 * - From a known device (a signed cookie from an earlier successful sign-in to this account) an attempt is
 *   counted against that device only: whatever others try, the owner's correct password from their own
 *   browser still signs in.
 * - From anywhere else it is counted against the account from that address and against the account from all
 *   unknown devices: past `sourceLimit` (one address) or `accountLimit` (everyone) failures, each next try
 *   waits 1, 2, 4 … minutes, up to `maxDelaySeconds`; an attacker spread over many addresses slows to one
 *   guess per wait.
 *
 * Every attempt is counted before its password is checked (one atomic upsert per counter), so parallel
 * guesses from any number of processes cannot all be checked; a success clears the counters it used. An
 * unknown email is counted the same way as a known one, so the answers say nothing about which exist.
 */
export class LoginThrottle {
  #key: Promise<Buffer> | undefined
  #nextSweep = 0

  constructor(private readonly d: { db: Kysely<Database>; now: () => number; config: LoginThrottleConfig }) {}

  /**
   * Counts the attempt of `email` from `ip` (or from `device` when it is the account's own) and throws a 429
   * saying how many minutes to wait when one of its counters is blocked.
   */
  async claim(o: { email: string; ip: string; device: KnownDevice | undefined }): Promise<LoginAttempt> {
    const { config } = this.d
    const now = this.d.now()
    this.#sweep(now)
    const source: DelayRule = { limit: config.sourceLimit, firstMs: FIRST_DELAY_MS, maxMs: this.#maxMs() }
    const counters: [string, DelayRule][] = o.device
      ? [[`device:${o.device.deviceId}`, source]]
      : [
          [`source:${o.email}|${o.ip}`, source],
          [`account:${o.email}`, { ...source, limit: config.accountLimit }],
        ]
    const keys: string[] = []
    for (const [key, rule] of counters) {
      const claim = await claimLoginAttempt(this.d.db, key, now, now - MEMORY_MS, rule)
      if (!claim.claimed)
        throw new TooManyRequestsError(
          Math.max(1, Math.ceil((claim.blockedUntil - now) / 1000)),
          'Too many failed sign-ins',
        )
      keys.push(key)
    }
    return { keys }
  }

  /** The password was right: the failures counted on the way are forgotten. */
  succeeded(attempt: LoginAttempt): Promise<void> {
    return clearLoginFailures(this.d.db, attempt.keys)
  }

  /**
   * The account proved itself another way (a password reset through its mailbox): its lockout ends, from every
   * address. The counters of known devices are the devices' own and stay.
   */
  clearAccount(email: string): Promise<void> {
    return clearAccountLoginFailures(this.d.db, email)
  }

  /** The device a cookie names, when its signature holds. */
  async knownDevice(cookie: string | undefined): Promise<KnownDevice | undefined> {
    const m = /^([1-9]\d{0,15})\.([\w-]{22})\.([\w-]{43})$/.exec(cookie ?? '')
    if (!m?.[1] || !m[2] || !m[3]) return undefined
    const expected = await this.#sign(`${m[1]}.${m[2]}`)
    const given = Buffer.from(m[3], 'base64url')
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
    return { userId: Number(m[1]), deviceId: m[2] }
  }

  /** The cookie value that marks this browser as `userId`'s device (the same device id when it was one). */
  async deviceCookie(userId: number, device: KnownDevice | undefined): Promise<string> {
    const deviceId = device?.userId === userId ? device.deviceId : randomBytes(16).toString('base64url')
    const payload = `${userId}.${deviceId}`
    return `${payload}.${(await this.#sign(payload)).toString('base64url')}`
  }

  #maxMs() {
    return Math.max(FIRST_DELAY_MS, this.d.config.maxDelaySeconds * 1000)
  }

  async #sign(payload: string): Promise<Buffer> {
    // One key for every process of the installation, so a device stays known whichever process answers.
    this.#key ??= sharedSecret(this.d.db, 'login_device', () => randomBytes(32).toString('hex')).then(
      (k) => Buffer.from(k, 'hex'),
      (err) => {
        this.#key = undefined
        throw err
      },
    )
    return createHmac('sha256', await this.#key)
      .update(payload)
      .digest()
  }

  #sweep(now: number) {
    if (now < this.#nextSweep) return
    this.#nextSweep = now + SWEEP_EVERY_MS
    // Best effort: old rows only cost space.
    void deleteLoginFailuresBefore(this.d.db, now - MEMORY_MS, now).catch(() => {})
  }
}
