import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { deleteTeam } from '../teams/teams.queries'

type Q = Kysely<Database>

/** Accounts whose grace period has ended and that are not purged yet, oldest request first. */
export async function dueDeletions(db: Q, now: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('delete_after', '<=', now)
    .where('deleted_at', 'is', null)
    .orderBy('delete_after')
    .limit(limit)
    .execute()
  return rows.map((r) => Number(r.id))
}

/**
 * Turns the account into an anonymous tombstone, once: true for the one caller (of any process) whose update
 * matched, false when another did it first or the deletion was cancelled. Run inside the transaction that then
 * removes the account's rows, so the whole purge commits or none of it.
 */
export async function claimPurge(db: Q, userId: number, now: number): Promise<boolean> {
  const r = await db
    .updateTable('users')
    .set({
      email: `deleted-${userId}@deleted.invalid`,
      name: 'Deleted account',
      password_hash: '',
      locale: 'en',
      email_verified_at: null,
      deleted_at: now,
    })
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .where('delete_after', '<=', now)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

/** The media files of the account: its creations' folders, its uploads and its brand fonts. */
export async function accountFiles(db: Q, userId: number): Promise<{ prefixes: string[]; keys: string[] }> {
  const creations = await db
    .selectFrom('creations')
    .select('storage_prefix')
    .where('user_id', '=', userId)
    .execute()
  const uploads = await db.selectFrom('uploads').select('storage_key').where('user_id', '=', userId).execute()
  const fonts = await db
    .selectFrom('brand_fonts')
    .select('storage_key')
    .where('user_id', '=', userId)
    .execute()
  return {
    prefixes: creations.map((c) => c.storage_prefix),
    keys: [...uploads.map((u) => u.storage_key), ...fonts.map((f) => f.storage_key)],
  }
}

/**
 * Removes every personal row of the account, children before parents. Purchases stay (tax law keeps invoices),
 * on the tombstone and without the card's brand and last digits or the address they were billed to.
 */
export async function deleteAccountRows(db: Q, userId: number, now: number): Promise<void> {
  await db
    .deleteFrom('signed_images')
    .where('api_key_id', 'in', db.selectFrom('api_keys').select('id').where('user_id', '=', userId))
    .execute()
  await db.deleteFrom('renders').where('user_id', '=', userId).execute()
  await db.deleteFrom('batches').where('user_id', '=', userId).execute()
  await db.deleteFrom('creations').where('user_id', '=', userId).execute()
  await db.deleteFrom('uploads').where('user_id', '=', userId).execute()
  await db
    .deleteFrom('template_comments')
    .where('template_id', 'in', db.selectFrom('templates').select('id').where('owner_id', '=', userId))
    .execute()
  await db.deleteFrom('templates').where('owner_id', '=', userId).execute()
  // The brand kit: its fonts before their families.
  await db.deleteFrom('brand_fonts').where('user_id', '=', userId).execute()
  await db.deleteFrom('brand_families').where('user_id', '=', userId).execute()
  await db.deleteFrom('brand_palettes').where('user_id', '=', userId).execute()
  // Teams: the ones the account owns go with it (their workspaces purged next, ADR 0206); it leaves the others,
  // and the invitations it sent and the teams' activity keep no trace of it.
  const owned = (
    await db
      .selectFrom('team_members')
      .select('team_id')
      .where('user_id', '=', userId)
      .where('role', '=', 'owner')
      .execute()
  ).map((r) => r.team_id)
  for (const teamId of owned) await deleteTeam(db, teamId, now)
  await db.deleteFrom('team_members').where('user_id', '=', userId).execute()
  await db
    .updateTable('team_invitations')
    .set({ invited_by: null })
    .where('invited_by', '=', userId)
    .execute()
  await db.updateTable('team_audit').set({ actor_id: null }).where('actor_id', '=', userId).execute()
  await db.updateTable('team_audit').set({ subject_id: null }).where('subject_id', '=', userId).execute()
  for (const table of [
    'webhook_endpoints',
    'idempotency_keys',
    'api_keys',
    'notifications',
    'template_type_stars',
    'sessions',
    'account_tokens',
    'contact_messages',
    'credit_ledger',
    'checkouts',
    'subscriptions',
    'billing_details',
  ] as const)
    await db.deleteFrom(table).where('user_id', '=', userId).execute()
  await db
    .updateTable('purchases')
    .set({ card_brand: null, card_last4: null, billed_to: null })
    .where('user_id', '=', userId)
    .execute()
}
