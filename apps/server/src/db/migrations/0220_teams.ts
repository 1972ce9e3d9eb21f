import type { Kysely, Migration } from 'kysely'
import type { Engine } from '../connection'
import { notNull, refType, withBigId } from './columns'

/**
 * Teams (docs/product.md, "Teams"): a team, its members with their roles (one owner), and the invitations mailed
 * to join it (only the SHA-256 of each link's token kept; taken or revoked once).
 */
export function migration(engine: Engine): Migration {
  const ref = refType(engine)
  return {
    async up(db: Kysely<unknown>) {
      await withBigId(engine, db.schema.createTable('teams'))
        .addColumn('name', 'text', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .execute()
      await db.schema
        .createTable('team_members')
        .addColumn('team_id', ref, (c) => c.notNull().references('teams.id').onDelete('cascade'))
        .addColumn('user_id', ref, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('role', 'text', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .addPrimaryKeyConstraint('team_members_pk', ['team_id', 'user_id'])
        .execute()
      await db.schema.createIndex('team_members_user').on('team_members').columns(['user_id']).execute()
      await withBigId(engine, db.schema.createTable('team_invitations'))
        .addColumn('team_id', ref, (c) => c.notNull().references('teams.id').onDelete('cascade'))
        .addColumn('email', 'text', notNull)
        .addColumn('role', 'text', notNull)
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('invited_by', ref, (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', notNull)
        .addColumn('expires_at', 'bigint', notNull)
        .addColumn('accepted_at', 'bigint')
        .addColumn('revoked_at', 'bigint')
        .execute()
      await db.schema
        .createIndex('team_invitations_team')
        .on('team_invitations')
        .columns(['team_id', 'email'])
        .execute()
    },
  }
}
