import { z } from 'zod'
import { resetTokenField } from './envelope'
import { bodyId } from './media-fields'

/** What a developer API key may do on `/v1`: `read` templates and renders, `render` (spends credits). */
export const apiKeyScopes = ['read', 'render'] as const
export const apiKeyScope = z.enum(apiKeyScopes, { error: 'A scope is read or render' })
export type ApiKeyScope = z.infer<typeof apiKeyScope>

/**
 * A key's mode: a `test` key (`tk_test_…`) renders watermarked and spends nothing, and sees only what test keys
 * made, as a `live` key (`tk_live_…`) sees only what live keys made.
 */
export const apiKeyModes = ['live', 'test'] as const
export const apiKeyMode = z.enum(apiKeyModes, { error: 'A mode is live or test' })
export type ApiKeyMode = z.infer<typeof apiKeyMode>

/** An account holds at most this many live keys; revoking one makes room. */
export const API_KEYS_PER_ACCOUNT = 25

export const apiKeyCreateBody = z.strictObject({
  name: z
    .string({ error: 'Give the key a name' })
    .trim()
    .min(1, { error: 'Give the key a name' })
    .max(60, { error: 'Name must be at most 60 characters' }),
  scopes: z
    .array(apiKeyScope, { error: 'Choose read, render or both' })
    .min(1, { error: 'Choose read, render or both' })
    .max(2)
    .refine((s) => new Set(s).size === s.length, { error: 'Name each scope once' }),
  /** Default `live`. */
  mode: apiKeyMode.optional(),
})
export type ApiKeyCreateBody = z.input<typeof apiKeyCreateBody>

/** A key as listed: never the key itself, only the start and end it is recognised by. */
export const apiKey = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  scopes: z.array(apiKeyScope),
  mode: apiKeyMode,
  /** `tk_live_AbC…xYz9`: enough to tell keys apart, never enough to use one. */
  hint: z.string(),
  createdAt: z.iso.datetime(),
  /** When a request last authenticated with it (to the minute), or null when never. */
  lastUsedAt: z.iso.datetime().nullable(),
})
export type ApiKey = z.infer<typeof apiKey>

/**
 * The new key with its secret, `key`, shown in this answer only: the server keeps a hash. Beside it, `urlSecret`
 * signs the key's image URLs (`/r/…`).
 */
export const apiKeyCreateData = apiKey.extend({ key: z.string(), urlSecret: z.string(), ...resetTokenField })
export type ApiKeyCreated = z.infer<typeof apiKeyCreateData>

export const apiKeyListData = z.array(apiKey)

export const apiKeyRevokeBody = z.strictObject({ id: bodyId('id') })
export const apiKeyRevokeData = z.object({ id: z.number().int().positive(), ...resetTokenField })
