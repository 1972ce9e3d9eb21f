import { createHash, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import { raiseSignals } from '../../db/live-signal'
import type { Database, SessionRow } from '../../db/schema'
import {
  claimRotation,
  deleteExpiredSessions,
  deleteSessionAndPredecessor,
  deleteUserSessions,
  findSessionByHash,
  insertSession,
  setReplacedBy,
  touchSession,
} from './sessions.queries'

export interface Session {
  id: number
  userId: number
  createdAt: number
  expiresAt: number
  rotated: boolean
  /** The device's User-Agent, passed on to the session a rotation hands out. */
  userAgent: string | null
  /**
   * Set while the session acts in a team's workspace (ADR 0206): `userId` is then the workspace's row and this
   * the person, for what is about them (the address a payment provider writes to).
   */
  actorId?: number
  /** The team whose workspace the session acts in, with `actorId`. */
  teamId?: number
}

export interface SessionOptions {
  ttlSeconds: number
  graceSeconds: number
  now: () => number
}

/** 32 random bytes, base64url: what the client holds. Only its SHA-256 is stored. */
export const newToken = () => randomBytes(32).toString('base64url')
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

const toSession = (r: SessionRow): Session => ({
  id: r.id,
  userId: r.user_id,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  rotated: r.rotated_at !== null,
  userAgent: r.user_agent,
})

/** The "last seen" time of a session moves at most this often (a write per request would cost every request). */
const TOUCH_EVERY_MS = 60_000
/** A User-Agent is kept to this many characters. */
const USER_AGENT_MAX = 300

export class Sessions {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly opts: SessionOptions,
  ) {}

  /** Opens a session for `userId` and returns its token (inside the caller's transaction when given one). */
  async issue(userId: number, db: Kysely<Database> = this.db, userAgent?: string): Promise<string> {
    return (await this.issueWithId(userId, db, userAgent)).token
  }

  /** {@link issue}, with the new session's id. */
  async issueWithId(
    userId: number,
    db: Kysely<Database> = this.db,
    userAgent?: string | null,
  ): Promise<{ token: string; id: number }> {
    const now = this.opts.now()
    const token = newToken()
    const id = await insertSession(db, {
      userId,
      tokenHash: hashToken(token),
      now,
      expiresAt: now + this.opts.ttlSeconds * 1000,
      userAgent: userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    })
    return { token, id }
  }

  /** Ends every session of the user but `keep`, and tells their open streams at once. */
  async revokeAll(userId: number, keep?: number, db: Kysely<Database> = this.db): Promise<void> {
    await deleteUserSessions(db, userId, keep)
    await raiseSignals(db, [{ kind: 'session', userId }])
  }

  /** The live session a token belongs to, or null when it is unknown, revoked or expired. */
  async authenticate(token: string): Promise<Session | null> {
    const row = await findSessionByHash(this.db, hashToken(token))
    const now = this.opts.now()
    if (!row || row.expires_at <= now) return null
    // Best effort: a lost update only makes "last seen" a minute older.
    if ((row.last_seen_at ?? row.created_at) <= now - TOUCH_EVERY_MS)
      void touchSession(this.db, row.id, now).catch(() => {})
    return toSession(row)
  }

  /**
   * In the second half of a session's life, hands out a fresh token once: the old session is marked rotated
   * and keeps working for the grace period only (so parallel requests still carrying it succeed), and
   * later requests with it get no further token. Returns the fresh token to the one request that won.
   */
  async rotateIfDue(s: Session): Promise<string | undefined> {
    const now = this.opts.now()
    if (s.rotated || now - s.createdAt < (s.expiresAt - s.createdAt) / 2) return undefined
    return this.db.transaction().execute(async (tx) => {
      const graceEnd = Math.min(s.expiresAt, now + this.opts.graceSeconds * 1000)
      if (!(await claimRotation(tx, s.id, now, graceEnd))) return undefined
      const token = newToken()
      const id = await insertSession(tx, {
        userId: s.userId,
        tokenHash: hashToken(token),
        now,
        expiresAt: now + this.opts.ttlSeconds * 1000,
        userAgent: s.userAgent,
      })
      await setReplacedBy(tx, s.id, id)
      return token
    })
  }

  /** Ends this session (and the token it replaced, if still in grace); the user's other sessions live on. */
  async revoke(s: Session): Promise<void> {
    await deleteSessionAndPredecessor(this.db, s.id)
    // Open notification streams of the user check their session now (on every process), not at the next beat.
    await raiseSignals(this.db, [{ kind: 'session', userId: s.userId }])
  }

  pruneExpired(userId: number): Promise<void> {
    return deleteExpiredSessions(this.db, userId, this.opts.now())
  }
}
