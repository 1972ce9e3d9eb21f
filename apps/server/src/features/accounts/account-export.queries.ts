import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'

type Q = Kysely<Database>

/** Every row of the account that its export holds, as stored (the service shapes them). */
export async function accountExportRows(db: Q, userId: number) {
  const [user, creations, uploads, purchases, notifications, ledger, templates, apiKeys, teams] =
    await Promise.all([
      db
        .selectFrom('users')
        .select(['id', 'email', 'name', 'locale', 'created_at', 'email_verified_at'])
        .where('id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst(),
      db.selectFrom('creations').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
      db.selectFrom('uploads').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
      db.selectFrom('purchases').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
      db.selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
      db.selectFrom('credit_ledger').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
      db
        .selectFrom('templates')
        .select(['id', 'name', 'version', 'definition', 'updated_at'])
        .where('owner_id', '=', userId)
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('api_keys')
        .select(['id', 'name', 'scopes', 'hint', 'created_at', 'last_used_at', 'revoked_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('team_members as m')
        .innerJoin('teams as t', 't.id', 'm.team_id')
        .select(['t.id', 't.name', 'm.role', 'm.created_at'])
        .where('m.user_id', '=', userId)
        .orderBy('t.id')
        .execute(),
    ])
  return { user, creations, uploads, purchases, notifications, ledger, templates, apiKeys, teams }
}
