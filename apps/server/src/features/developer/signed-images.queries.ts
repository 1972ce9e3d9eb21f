import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'

type Q = Kysely<Database>

/**
 * In one statement: the live key `keyId` (its owner, scopes and mode; undefined when unknown or revoked) and what its
 * URL with `digest` made so far: no claim, a claim without a render yet, or the render, its state and, once
 * completed, where its creation's files are.
 */
export function lookUpSignedImage(db: Q, keyId: number, digest: string) {
  return db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .leftJoin('signed_images', (j) =>
      j.onRef('signed_images.api_key_id', '=', 'api_keys.id').on('signed_images.digest', '=', digest),
    )
    .leftJoin('renders', 'renders.id', 'signed_images.render_id')
    .leftJoin('creations', 'creations.id', 'renders.creation_id')
    .select([
      'api_keys.user_id',
      'api_keys.scopes',
      'api_keys.mode',
      'users.delete_after',
      'signed_images.claimed_at',
      'signed_images.render_id',
      'renders.status',
      'renders.error',
      'creations.storage_prefix',
    ])
    .where('api_keys.id', '=', keyId)
    .where('api_keys.revoked_at', 'is', null)
    .executeTakeFirst()
}

/** Claims the URL for the request that will render it; false when another request holds it (or made it). */
export async function claimSignedImage(db: Q, keyId: number, digest: string, now: number): Promise<boolean> {
  const r = await db
    .insertInto('signed_images')
    .values({ api_key_id: keyId, digest, render_id: null, claimed_at: now })
    .onConflict((oc) => oc.columns(['api_key_id', 'digest']).doNothing())
    .executeTakeFirst()
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1
}

/**
 * Takes over a claim with no render whose request stopped before making one (claimed before `staleBefore`), or
 * one whose render is gone (deleted, failed): true for the one request that did.
 */
export async function takeOverSignedImage(
  db: Q,
  keyId: number,
  digest: string,
  o: { now: number; staleBefore: number; renderId: number | null },
): Promise<boolean> {
  let q = db
    .updateTable('signed_images')
    .set({ render_id: null, claimed_at: o.now })
    .where('api_key_id', '=', keyId)
    .where('digest', '=', digest)
  q =
    o.renderId === null
      ? q.where('render_id', 'is', null).where('claimed_at', '<', o.staleBefore)
      : q.where('render_id', '=', o.renderId)
  const r = await q.executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

export async function setSignedImageRender(db: Q, keyId: number, digest: string, renderId: number) {
  await db
    .updateTable('signed_images')
    .set({ render_id: renderId })
    .where('api_key_id', '=', keyId)
    .where('digest', '=', digest)
    .execute()
}

/** Gives up a claim that made no render (the render was refused): the next request tries again. */
export async function releaseSignedImage(db: Q, keyId: number, digest: string) {
  await db
    .deleteFrom('signed_images')
    .where('api_key_id', '=', keyId)
    .where('digest', '=', digest)
    .where('render_id', 'is', null)
    .execute()
}
