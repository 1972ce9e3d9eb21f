import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { BrandFontTable, Database } from '../../db/schema'
import { lockUser } from '../billing/ledger.queries'

type Q = Kysely<Database>

/** A font file with its family's name and key, as lists show it. */
export interface BrandFontRow {
  id: number
  family: string
  family_key: string
  weight: number
  style: BrandFontTable['style']
  format: BrandFontTable['format']
  bytes: number
  storage_key: string
  sanitized: number
  created_at: number
}

const fontsWithFamily = (db: Q) =>
  db
    .selectFrom('brand_fonts as f')
    .innerJoin('brand_families as fam', 'fam.id', 'f.family_id')
    .select([
      'f.id',
      'fam.name as family',
      'fam.family_key',
      'f.weight',
      'f.style',
      'f.format',
      'f.bytes',
      'f.storage_key',
      'f.sanitized',
      'f.created_at',
    ])

/** `userId`'s font files by family name, weight and style. */
export function listBrandFonts(db: Q, userId: number): Promise<BrandFontRow[]> {
  return fontsWithFamily(db)
    .where('f.user_id', '=', userId)
    .orderBy('fam.name')
    .orderBy('f.weight')
    .orderBy('f.style')
    .execute()
}

/** One of `userId`'s font files (undefined for anyone else's). */
export function findBrandFont(db: Q, userId: number, id: number): Promise<BrandFontRow | undefined> {
  return fontsWithFamily(db).where('f.id', '=', id).where('f.user_id', '=', userId).executeTakeFirst()
}

/** A font file by id alone, for its signed URL (the signature says who may read it). */
export function findBrandFontById(db: Q, id: number): Promise<BrandFontRow | undefined> {
  return fontsWithFamily(db).where('f.id', '=', id).executeTakeFirst()
}

/** The files of those of `userId`'s families whose keys are given (for a render of their template). */
export function brandFontsOfFamilies(db: Q, userId: number, keys: string[]): Promise<BrandFontRow[]> {
  if (keys.length === 0) return Promise.resolve([])
  return fontsWithFamily(db).where('f.user_id', '=', userId).where('fam.family_key', 'in', keys).execute()
}

/** Which of `keys` are families of `userId`'s with at least one file. */
export async function ownFamilyKeys(db: Q, userId: number, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set()
  const rows = await db
    .selectFrom('brand_families as fam')
    .select('fam.family_key')
    .where('fam.user_id', '=', userId)
    .where('fam.family_key', 'in', keys)
    .where((eb) =>
      eb.exists(eb.selectFrom('brand_fonts as f').select('f.id').whereRef('f.family_id', '=', 'fam.id')),
    )
    .execute()
  return new Set(rows.map((r) => r.family_key))
}

export type InsertFontOutcome = { ok: true; id: number } | { ok: false; reason: 'full' | 'exists' }

/**
 * Adds a font file to `userId`'s family `family` (made with a new random key on its first file). The user's row
 * is held while the kit is counted and the face looked for, so two uploads at once can neither pass the limit
 * nor add one face twice.
 */
export function insertBrandFont(
  db: Q,
  f: {
    userId: number
    family: string
    weight: number
    style: BrandFontTable['style']
    format: BrandFontTable['format']
    bytes: number
    storageKey: string
    max: number
    now: number
  },
): Promise<InsertFontOutcome> {
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, f.userId)
    const count = await trx
      .selectFrom('brand_fonts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', f.userId)
      .executeTakeFirstOrThrow()
    if (Number(count.n) >= f.max) return { ok: false, reason: 'full' }
    let family = await trx
      .selectFrom('brand_families')
      .select('id')
      .where('user_id', '=', f.userId)
      .where('name', '=', f.family)
      .executeTakeFirst()
    family ??= await trx
      .insertInto('brand_families')
      .values({
        user_id: f.userId,
        name: f.family,
        family_key: randomBytes(10).toString('hex'),
        created_at: f.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const taken = await trx
      .selectFrom('brand_fonts')
      .select('id')
      .where('family_id', '=', family.id)
      .where('weight', '=', f.weight)
      .where('style', '=', f.style)
      .executeTakeFirst()
    if (taken) return { ok: false, reason: 'exists' }
    const { id } = await trx
      .insertInto('brand_fonts')
      .values({
        user_id: f.userId,
        family_id: family.id,
        weight: f.weight,
        style: f.style,
        format: f.format,
        bytes: f.bytes,
        storage_key: f.storageKey,
        sanitized: 1,
        created_at: f.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return { ok: true, id }
  })
}

/**
 * Records font file `id`, kept as uploaded by an earlier release, as re-encoded into `file` (or, without one, as
 * refused). Only while its row still names `storageKey`: false when another render re-encoded it first, or it
 * was deleted meanwhile (the caller then drops its own new file).
 */
export async function recordSanitizedFont(
  db: Q,
  id: number,
  storageKey: string,
  file: { storageKey: string; format: BrandFontTable['format']; bytes: number } | undefined,
): Promise<boolean> {
  const result = await db
    .updateTable('brand_fonts')
    .set(
      file
        ? { storage_key: file.storageKey, format: file.format, bytes: file.bytes, sanitized: 1 }
        : { sanitized: -1 },
    )
    .where('id', '=', id)
    .where('storage_key', '=', storageKey)
    .where('sanitized', '=', 0)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Removes one of `userId`'s font files; its storage key, or undefined when it was not theirs. */
export async function deleteBrandFont(db: Q, userId: number, id: number): Promise<string | undefined> {
  const row = await db
    .deleteFrom('brand_fonts')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('storage_key')
    .executeTakeFirst()
  return row?.storage_key
}

export async function readPalette(db: Q, userId: number): Promise<string[]> {
  const row = await db
    .selectFrom('brand_palettes')
    .select('colors')
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row ? (JSON.parse(row.colors) as string[]) : []
}

/** Replaces `userId`'s palette in one statement (`on conflict do update`, both engines). */
export async function writePalette(db: Q, userId: number, colors: string[], now: number): Promise<void> {
  const json = JSON.stringify(colors)
  await db
    .insertInto('brand_palettes')
    .values({ user_id: userId, colors: json, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ colors: json, updated_at: now }))
    .execute()
}
