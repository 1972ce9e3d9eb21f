import { createHash, randomBytes } from 'node:crypto'
import {
  API_KEYS_PER_ACCOUNT,
  type ApiKey,
  type ApiKeyCreated,
  type ApiKeyMode,
  type ApiKeyScope,
  apiKeyScopes,
  Code,
} from '@templet/api/contract'
import type { Kysely } from 'kysely'
import type { ApiKeyRow, Database } from '../../db/schema'
import { AppError, notFound } from '../../errors'
import { lockUserCredits } from '../billing/ledger'
import {
  countLiveApiKeys,
  findLiveApiKey,
  insertApiKey,
  listLiveApiKeys,
  revokeApiKey,
  touchApiKey,
} from './api-keys.queries'

/**
 * Every key starts so, by its mode, so that secret scanners (and people) recognise one in a log or a repository,
 * and tell a test key from a live one at a glance.
 */
const API_KEY_PREFIXES: Record<ApiKeyMode, string> = { live: 'tk_live_', test: 'tk_test_' }
/** `last_used_at` is written at most this often per key. */
const TOUCH_EVERY_MS = 60_000

/** 32 random bytes: as strong as a session token, and like it stored only as a SHA-256. */
const newKey = (mode: ApiKeyMode) => `${API_KEY_PREFIXES[mode]}${randomBytes(32).toString('base64url')}`
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex')
const hintOf = (key: string, mode: ApiKeyMode) =>
  `${key.slice(0, API_KEY_PREFIXES[mode].length + 4)}…${key.slice(-4)}`
const hasKeyPrefix = (key: string) => Object.values(API_KEY_PREFIXES).some((p) => key.startsWith(p))

/** Who a `/v1` request speaks for. */
export interface ApiCaller {
  keyId: number
  userId: number
  scopes: ReadonlySet<ApiKeyScope>
  /** False for a test key: what it makes is watermarked, free, and seen by test keys only. */
  livemode: boolean
}

/** A key as presented: the caller it speaks for, or why it speaks for no one. */
export type KeyCheck = { ok: true; caller: ApiCaller } | { ok: false; reason: 'unknown' | 'account_deleted' }

const scopesOf = (row: ApiKeyRow): ApiKeyScope[] =>
  row.scopes.split(',').filter((s): s is ApiKeyScope => (apiKeyScopes as readonly string[]).includes(s))

function view(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    scopes: scopesOf(row),
    mode: row.mode,
    hint: row.hint,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at).toISOString(),
  }
}

/** Developer API keys: made in the app, shown once, kept hashed, scoped, revocable at once. */
export class ApiKeys {
  constructor(
    private readonly d: {
      db: Kysely<Database>
      now: () => number
      /** The secret the key's image URLs are signed with, shown with the key. */
      urlSecret: (keyId: number) => Promise<string>
    },
  ) {}

  /**
   * A new key of workspace `userId`; at most {@link API_KEYS_PER_ACCOUNT} live ones, counted under the user's
   * lock. `createdBy`: the member who makes it in a team's workspace, whom its batches' notifications tell.
   */
  async create(
    userId: number,
    r: { name: string; scopes: ApiKeyScope[]; mode?: ApiKeyMode | undefined },
    createdBy?: number,
  ): Promise<ApiKeyCreated> {
    const mode = r.mode ?? 'live'
    const key = newKey(mode)
    const now = this.d.now()
    // Scopes in a fixed order, so a list reads alike whatever order they were ticked in.
    const scopes = apiKeyScopes.filter((s) => r.scopes.includes(s)).join(',')
    const row = await this.d.db.transaction().execute(async (trx) => {
      await lockUserCredits(trx, userId)
      if ((await countLiveApiKeys(trx, userId)) >= API_KEYS_PER_ACCOUNT)
        throw new AppError(
          Code.conflict,
          `You have ${API_KEYS_PER_ACCOUNT} API keys; revoke one you no longer use first`,
        )
      return insertApiKey(trx, {
        userId,
        name: r.name,
        scopes,
        mode,
        keyHash: hashApiKey(key),
        hint: hintOf(key, mode),
        createdBy: createdBy ?? userId,
        now,
      })
    })
    return { ...view(row), key, urlSecret: await this.d.urlSecret(row.id) }
  }

  async list(userId: number): Promise<{ items: ApiKey[]; total: number }> {
    const rows = await listLiveApiKeys(this.d.db, userId)
    return { items: rows.map(view), total: rows.length }
  }

  async revoke(userId: number, id: number): Promise<{ id: number }> {
    if (!(await revokeApiKey(this.d.db, id, userId, this.d.now()))) throw notFound('API key')
    return { id }
  }

  /**
   * The caller a key speaks for, noting the use; or why it speaks for no one: unknown or revoked, or its
   * account's deletion is pending. Such an account's owner cannot sign in to revoke its keys, so they stop
   * working with the request that deletes it (the same row: no key works a moment after it), and work again
   * only if the owner keeps the account.
   */
  async authenticate(key: string): Promise<KeyCheck> {
    if (!hasKeyPrefix(key)) return { ok: false, reason: 'unknown' }
    const row = await findLiveApiKey(this.d.db, hashApiKey(key))
    if (!row) return { ok: false, reason: 'unknown' }
    if (row.delete_after !== null) return { ok: false, reason: 'account_deleted' }
    await touchApiKey(this.d.db, row.id, this.d.now(), TOUCH_EVERY_MS)
    return {
      ok: true,
      caller: {
        keyId: row.id,
        userId: row.user_id,
        scopes: new Set(scopesOf(row)),
        livemode: row.mode !== 'test',
      },
    }
  }
}
