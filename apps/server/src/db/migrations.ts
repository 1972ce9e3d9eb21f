import {
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
  type Migration,
  type MigrationResult,
  Migrator,
  sql,
} from 'kysely'
import type { Db, Engine } from './connection'

/** An auto-increment primary key: `integer … autoincrement` in SQLite, `serial` in PostgreSQL. */
function withId<T extends string>(engine: Engine, table: CreateTableBuilder<T, never>) {
  return engine === 'sqlite'
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    : table.addColumn('id', 'serial', (c) => c.primaryKey())
}
/** A 64-bit auto-increment primary key (later tables; 0002 moved the first ones there). */
function withBigId<T extends string>(engine: Engine, table: CreateTableBuilder<T, never>) {
  return engine === 'sqlite'
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    : table.addColumn('id', 'bigserial', (c) => c.primaryKey())
}
const notNull = (c: ColumnDefinitionBuilder) => c.notNull()

/** Migrations in order; one schema for both engines. Never edit a released one: add the next. */
function migrations(engine: Engine): Record<string, Migration> {
  return {
    '0001_initial': {
      async up(db: Kysely<unknown>) {
        await withId(engine, db.schema.createTable('users'))
          .addColumn('email', 'text', (c) => c.notNull().unique())
          .addColumn('name', 'text', notNull)
          .addColumn('password_hash', 'text', notNull)
          .addColumn('created_at', 'bigint', notNull)
          .execute()

        await withId(engine, db.schema.createTable('sessions'))
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('token_hash', 'text', (c) => c.notNull().unique())
          .addColumn('created_at', 'bigint', notNull)
          .addColumn('expires_at', 'bigint', notNull)
          .addColumn('rotated_at', 'bigint')
          .addColumn('replaced_by', 'integer')
          .execute()
        await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute()
        await db.schema.createIndex('sessions_replaced_by').on('sessions').column('replaced_by').execute()

        await withId(engine, db.schema.createTable('notifications'))
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('type', 'text', notNull)
          .addColumn('title', 'text', notNull)
          .addColumn('content', 'text', notNull)
          .addColumn('checked', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', 'bigint', notNull)
          .execute()
        // One index per list shape: all of a user's notifications, and those of one read state; both newest first.
        await db.schema
          .createIndex('notifications_user_created')
          .on('notifications')
          .columns(['user_id', 'created_at', 'id'])
          .execute()
        await db.schema
          .createIndex('notifications_user_checked_created')
          .on('notifications')
          .columns(['user_id', 'checked', 'created_at', 'id'])
          .execute()

        await withId(engine, db.schema.createTable('template_types'))
          .addColumn('slug', 'text', (c) => c.notNull().unique())
          .addColumn('name', 'text', notNull)
          .addColumn('template_count', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
          .execute()

        await db.schema
          .createTable('template_type_stars')
          .addColumn('template_type_id', 'integer', (c) =>
            c.notNull().references('template_types.id').onDelete('cascade'),
          )
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('created_at', 'bigint', notNull)
          .addPrimaryKeyConstraint('template_type_stars_pk', ['template_type_id', 'user_id'])
          .execute()
        await db.schema
          .createIndex('template_type_stars_user')
          .on('template_type_stars')
          .column('user_id')
          .execute()

        await withId(engine, db.schema.createTable('credit_ledger'))
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('delta', 'integer', notNull)
          .addColumn('reason', 'text', notNull)
          .addColumn('idempotency_key', 'text', (c) => c.unique())
          .addColumn('created_at', 'bigint', notNull)
          .execute()
        await db.schema.createIndex('credit_ledger_user').on('credit_ledger').column('user_id').execute()

        await withId(engine, db.schema.createTable('contact_messages'))
          .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('name', 'text', notNull)
          .addColumn('email', 'text', notNull)
          .addColumn('message', 'text', notNull)
          .addColumn('created_at', 'bigint', notNull)
          .execute()
      },
    },
    // PostgreSQL's `serial`/`integer` stop at 2^31-1, so an id from a client above that (valid for the contract)
    // made the query fail instead of finding nothing. SQLite integers are 64-bit already.
    '0002_bigint_ids': {
      async up(db: Kysely<unknown>) {
        if (engine !== 'postgres') return
        for (const table of [
          'users',
          'sessions',
          'notifications',
          'template_types',
          'credit_ledger',
          'contact_messages',
        ]) {
          await sql`alter table ${sql.table(table)} alter column id type bigint`.execute(db)
          await sql`alter sequence ${sql.table(`${table}_id_seq`)} as bigint`.execute(db)
        }
        const references: [string, string][] = [
          ['sessions', 'user_id'],
          ['sessions', 'replaced_by'],
          ['notifications', 'user_id'],
          ['template_type_stars', 'template_type_id'],
          ['template_type_stars', 'user_id'],
          ['credit_ledger', 'user_id'],
          ['contact_messages', 'user_id'],
        ]
        for (const [table, column] of references) {
          await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} type bigint`.execute(db)
        }
      },
    },
    // Billing: checkouts (one per "Pay" page), purchases (every payment and invoice, paid or failed),
    // subscriptions, and the ledger row's link to its purchase. See docs/billing.md.
    '0004_billing': {
      async up(db: Kysely<unknown>) {
        const id = engine === 'sqlite' ? 'integer' : 'bigint'
        await db.schema
          .createTable('checkouts')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('offer_id', 'text', notNull)
          .addColumn('variant', 'text', notNull)
          .addColumn('provider', 'text', notNull)
          // open -> charged (the provider took the money) -> paid (credits granted); see services/billing.ts
          .addColumn('status', 'text', notNull)
          .addColumn('card_brand', 'text')
          .addColumn('card_last4', 'text')
          .addColumn('card_outcome', 'text')
          .addColumn('provider_ref', 'text', (c) => c.unique())
          .addColumn('created_at', 'bigint', notNull)
          .addColumn('charged_at', 'bigint')
          .execute()
        await db.schema
          .createIndex('checkouts_status')
          .on('checkouts')
          .columns(['status', 'charged_at'])
          .execute()

        await withBigId(engine, db.schema.createTable('subscriptions'))
          .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('checkout_id', 'text', (c) => c.unique())
          .addColumn('offer_id', 'text', notNull)
          .addColumn('next_offer_id', 'text')
          .addColumn('variant', 'text', notNull)
          .addColumn('provider', 'text', notNull)
          .addColumn('provider_ref', 'text', (c) => c.unique())
          .addColumn('status', 'text', notNull)
          .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
          // Period n runs from anchor + (n-1) months to anchor + n months; the renewal claims n -> n+1.
          .addColumn('period', 'integer', notNull)
          .addColumn('anchor_at', 'bigint', notNull)
          .addColumn('current_period_start', 'bigint', notNull)
          .addColumn('current_period_end', 'bigint', notNull)
          .addColumn('card_brand', 'text')
          .addColumn('card_last4', 'text')
          .addColumn('card_outcome', 'text')
          .addColumn('created_at', 'bigint', notNull)
          .execute()
        await db.schema.createIndex('subscriptions_user').on('subscriptions').column('user_id').execute()
        await db.schema
          .createIndex('subscriptions_due')
          .on('subscriptions')
          .columns(['status', 'current_period_end'])
          .execute()

        await withBigId(engine, db.schema.createTable('purchases'))
          .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
          // What made this row, unique: `checkout:<id>`, `sub:<id>:period:<n>`, `stripe:invoice:<id>`, …
          .addColumn('source_key', 'text', (c) => c.notNull().unique())
          .addColumn('checkout_id', 'text')
          .addColumn('subscription_id', id)
          .addColumn('offer_id', 'text', notNull)
          .addColumn('kind', 'text', notNull)
          .addColumn('tier', 'text', notNull)
          .addColumn('amount_cents', 'integer', notNull)
          .addColumn('currency', 'text', notNull)
          .addColumn('status', 'text', notNull)
          .addColumn('credits', 'integer', notNull)
          .addColumn('refunded_credits', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('variant', 'text', notNull)
          .addColumn('source', 'text', notNull)
          .addColumn('provider', 'text', notNull)
          // The provider's payment (Stripe payment intent or invoice id), to find the purchase a refund is for.
          .addColumn('payment_ref', 'text')
          .addColumn('card_brand', 'text')
          .addColumn('card_last4', 'text')
          .addColumn('created_at', 'bigint', notNull)
          .execute()
        await db.schema
          .createIndex('purchases_user_created')
          .on('purchases')
          .columns(['user_id', 'created_at', 'id'])
          .execute()
        await db.schema.createIndex('purchases_payment_ref').on('purchases').column('payment_ref').execute()

        await db.schema.alterTable('credit_ledger').addColumn('purchase_id', id).execute()
        await db.schema
          .createIndex('credit_ledger_user_id')
          .on('credit_ledger')
          .columns(['user_id', 'id'])
          .execute()
      },
    },
  }
}

export class MigrationError extends Error {
  override name = 'MigrationError'
}

/** Brings the schema up to date; safe to run on every start and from several processes (Kysely locks). */
export async function migrate(db: Db): Promise<MigrationResult[]> {
  const all = migrations(db.engine)
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => all },
  })
  const { error, results } = await migrator.migrateToLatest()
  if (error)
    throw new MigrationError(`Migration failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    })
  return results ?? []
}
