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
import { eventFromText } from './legacy-notification-text'
import { templateLibraryMigration } from './template-library-migration'

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
    // Rate-limit windows were counted in each process's memory: a restart forgot them and every process
    // allowed the full limit.
    '0005_rate_limits': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('rate_limits')
          .addColumn('key', 'text', (c) => c.primaryKey())
          .addColumn('count', 'integer', notNull)
          .addColumn('reset_at', 'bigint', notNull)
          .execute()
        await db.schema.createIndex('rate_limits_reset_at').on('rate_limits').column('reset_at').execute()
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
    ...mediaMigrations(engine),
    ...notificationMigrations(),
    ...templateLibraryMigration(engine),
    ...hardeningMigrations(engine),
    ...developerApiMigrations(engine),
  }
}

/**
 * Sign-in throttling by account, address and device (services/login-throttle.ts); which uploads each creation
 * draws, so that uploads nobody uses can be swept (services/media-sweep.ts), and a user's uploads listed.
 */
function hardeningMigrations(engine: Engine): Record<string, Migration> {
  const ref = engine === 'sqlite' ? 'integer' : 'bigint'
  return {
    '0010_login_throttle': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('login_throttle')
          .addColumn('key', 'text', (c) => c.primaryKey())
          .addColumn('failures', 'integer', notNull)
          .addColumn('blocked_until', 'bigint', notNull)
          .addColumn('updated_at', 'bigint', notNull)
          .execute()
        await db.schema
          .createIndex('login_throttle_updated_at')
          .on('login_throttle')
          .column('updated_at')
          .execute()
      },
    },
    '0011_creation_uploads': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('creation_uploads')
          .addColumn('creation_id', ref, (c) => c.notNull().references('creations.id').onDelete('cascade'))
          .addColumn('upload_id', ref, (c) => c.notNull().references('uploads.id').onDelete('cascade'))
          .addPrimaryKeyConstraint('creation_uploads_pk', ['creation_id', 'upload_id'])
          .execute()
        await db.schema
          .createIndex('creation_uploads_upload')
          .on('creation_uploads')
          .column('upload_id')
          .execute()
        // My uploads, newest first.
        await db.schema
          .createIndex('uploads_user_created')
          .on('uploads')
          .columns(['user_id', 'created_at', 'id'])
          .execute()
        // Existing creations: an image value is an upload id, optionally with a focal point (`17@0.25,0.6`).
        // Every value of that shape naming an upload of the same user is taken as used; a text value that
        // happens to look like one only keeps that upload from the sweep.
        const q = db as unknown as Kysely<{
          creations: { id: number; user_id: number; field_values: string }
          uploads: { id: number; user_id: number }
          creation_uploads: { creation_id: number; upload_id: number }
        }>
        let after = 0
        for (;;) {
          const rows = await q
            .selectFrom('creations')
            .select(['id', 'user_id', 'field_values'])
            .where('id', '>', after)
            .orderBy('id')
            .limit(500)
            .execute()
          if (rows.length === 0) break
          for (const r of rows) {
            const ids = new Set<number>()
            for (const v of Object.values(JSON.parse(r.field_values) as Record<string, unknown>)) {
              const m = typeof v === 'string' ? /^([1-9]\d{0,15})(?:@|$)/.exec(v) : null
              if (m?.[1]) ids.add(Number(m[1]))
            }
            if (ids.size === 0) continue
            const owned = await q
              .selectFrom('uploads')
              .select('id')
              .where('id', 'in', [...ids])
              .where('user_id', '=', r.user_id)
              .execute()
            if (owned.length > 0)
              await q
                .insertInto('creation_uploads')
                .values(owned.map((u) => ({ creation_id: r.id, upload_id: Number(u.id) })))
                .execute()
          }
          after = Number(rows.at(-1)?.id)
        }
      },
    },
  }
}

/**
 * Notifications were stored as English sentences, which a Chinese reader then saw in English. They become a
 * type and its parameters (the figures read back out of the old sentences); a sentence that cannot be read
 * keeps its text as a `message`.
 */
function notificationMigrations(): Record<string, Migration> {
  return {
    '0006_notification_params': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .alterTable('notifications')
          .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
          .execute()
        const q = db as unknown as Kysely<{
          notifications: { id: number; type: string; title: string; content: string; params: string }
        }>
        let after = 0
        for (;;) {
          const rows = await q
            .selectFrom('notifications')
            .select(['id', 'type', 'title', 'content'])
            .where('id', '>', after)
            .orderBy('id')
            .limit(500)
            .execute()
          if (rows.length === 0) break
          for (const r of rows) {
            const e = eventFromText(r.type, r.title, r.content)
            await q
              .updateTable('notifications')
              .set({ type: e.type, params: JSON.stringify(e.params) })
              .where('id', '=', r.id)
              .execute()
          }
          after = Number(rows.at(-1)?.id)
        }
        await db.schema.alterTable('notifications').dropColumn('title').execute()
        await db.schema.alterTable('notifications').dropColumn('content').execute()
      },
    },
  }
}

/** Templates, uploads and creations. A separate block so other features' migrations merge beside it. */
function mediaMigrations(engine: Engine): Record<string, Migration> {
  // PostgreSQL ids are bigint from the start (see 0002_bigint_ids).
  const idOf = <T extends string>(table: CreateTableBuilder<T, never>) =>
    engine === 'sqlite'
      ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      : table.addColumn('id', 'bigserial', (c) => c.primaryKey())
  const ref = engine === 'sqlite' ? 'integer' : 'bigint'
  return {
    '0003_media': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .alterTable('template_types')
          .addColumn('name_zh', 'text', (c) => c.notNull().defaultTo(''))
          .execute()

        await idOf(db.schema.createTable('templates'))
          .addColumn('slug', 'text', (c) => c.notNull().unique())
          .addColumn('template_type_id', ref, (c) => c.notNull().references('template_types.id'))
          .addColumn('name', 'text', notNull)
          .addColumn('name_zh', 'text', notNull)
          .addColumn('width', 'integer', notNull)
          .addColumn('height', 'integer', notNull)
          .addColumn('sort_order', 'integer', notNull)
          .addColumn('definition', 'text', notNull)
          .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
          .execute()
        await db.schema
          .createIndex('templates_type')
          .on('templates')
          .columns(['template_type_id', 'sort_order'])
          .execute()

        await idOf(db.schema.createTable('uploads'))
          .addColumn('user_id', ref, (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('storage_key', 'text', (c) => c.notNull().unique())
          .addColumn('content_type', 'text', notNull)
          .addColumn('width', 'integer', notNull)
          .addColumn('height', 'integer', notNull)
          .addColumn('bytes', 'integer', notNull)
          .addColumn('created_at', 'bigint', notNull)
          .execute()
        await db.schema.createIndex('uploads_user').on('uploads').column('user_id').execute()

        await idOf(db.schema.createTable('creations'))
          .addColumn('user_id', ref, (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('template_id', ref, (c) => c.notNull().references('templates.id'))
          .addColumn('template_type_id', ref, (c) => c.notNull().references('template_types.id'))
          .addColumn('name', 'text', notNull)
          .addColumn('field_values', 'text', notNull)
          .addColumn('size_id', 'text', notNull)
          .addColumn('locale', 'text', notNull)
          .addColumn('width', 'integer', notNull)
          .addColumn('height', 'integer', notNull)
          .addColumn('storage_prefix', 'text', (c) => c.notNull().unique())
          .addColumn('created_at', 'bigint', notNull)
          .execute()
        // The history list: a user's creations newest first, optionally of one template or type.
        await db.schema
          .createIndex('creations_user_created')
          .on('creations')
          .columns(['user_id', 'created_at', 'id'])
          .execute()
        await db.schema
          .createIndex('creations_user_template')
          .on('creations')
          .columns(['user_id', 'template_id'])
          .execute()
        await db.schema
          .createIndex('creations_user_type')
          .on('creations')
          .columns(['user_id', 'template_type_id'])
          .execute()

        await db.schema
          .createTable('server_secrets')
          .addColumn('name', 'text', (c) => c.primaryKey())
          .addColumn('value', 'text', notNull)
          .execute()
      },
    },
    // A creation of a print size keeps a PDF beside its PNG, JPEG and WebP (files.pdf).
    '0030_creation_pdf': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .alterTable('creations')
          .addColumn('has_pdf', 'integer', (c) => c.notNull().defaultTo(0))
          .execute()
      },
    },
  }
}

/** The developer API (`/v1`, PRODUCT.md §12-13): keys, and what the later entries add beside them. */
function developerApiMigrations(engine: Engine): Record<string, Migration> {
  const ref = engine === 'sqlite' ? 'integer' : 'bigint'
  const idOf = <T extends string>(table: CreateTableBuilder<T, never>) =>
    engine === 'sqlite'
      ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      : table.addColumn('id', 'bigserial', (c) => c.primaryKey())
  return {
    // Keys for /v1: only a SHA-256 of each is kept; a revoked key keeps its row (the list and logs name it).
    '0020_api_keys': {
      async up(db: Kysely<unknown>) {
        await idOf(db.schema.createTable('api_keys'))
          .addColumn('user_id', ref, (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('name', 'text', notNull)
          .addColumn('scopes', 'text', notNull)
          .addColumn('key_hash', 'text', (c) => c.notNull().unique())
          .addColumn('hint', 'text', notNull)
          .addColumn('created_at', 'bigint', notNull)
          .addColumn('last_used_at', 'bigint')
          .addColumn('revoked_at', 'bigint')
          .execute()
        await db.schema.createIndex('api_keys_user').on('api_keys').columns(['user_id', 'id']).execute()
      },
    },
    // /v1: answers kept per Idempotency-Key, renders (one per render or batch row, run as jobs) and batches.
    '0021_renders': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('idempotency_keys')
          .addColumn('user_id', ref, (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('key', 'text', notNull)
          .addColumn('fingerprint', 'text', notNull)
          .addColumn('status', 'text', notNull)
          .addColumn('response_status', 'integer')
          .addColumn('response_headers', 'text')
          .addColumn('response_body', 'text')
          .addColumn('created_at', 'bigint', notNull)
          .addColumn('expires_at', 'bigint', notNull)
          .addColumn('locked_until', 'bigint', notNull)
          .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
          .execute()
        await db.schema
          .createIndex('idempotency_keys_expires')
          .on('idempotency_keys')
          .column('expires_at')
          .execute()

        await idOf(db.schema.createTable('batches'))
          .addColumn('user_id', ref, (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('api_key_id', ref, (c) => c.references('api_keys.id').onDelete('set null'))
          .addColumn('template_id', ref, (c) => c.notNull().references('templates.id'))
          .addColumn('size_id', 'text', notNull)
          .addColumn('locale', 'text', notNull)
          .addColumn('formats', 'text', notNull)
          .addColumn('status', 'text', notNull)
          .addColumn('total_rows', 'integer', notNull)
          .addColumn('completed_rows', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('failed_rows', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('canceled_rows', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('credits_reserved', 'integer', notNull)
          .addColumn('archive_key', 'text')
          .addColumn('created_at', 'bigint', notNull)
          .addColumn('completed_at', 'bigint')
          .execute()
        await db.schema.createIndex('batches_user').on('batches').columns(['user_id', 'id']).execute()

        await idOf(db.schema.createTable('renders'))
          .addColumn('user_id', ref, (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('api_key_id', ref, (c) => c.references('api_keys.id').onDelete('set null'))
          .addColumn('batch_id', ref, (c) => c.references('batches.id').onDelete('cascade'))
          .addColumn('row_number', 'integer')
          .addColumn('template_id', ref, (c) => c.notNull().references('templates.id'))
          .addColumn('template_version', 'text', notNull)
          .addColumn('size_id', 'text', notNull)
          .addColumn('locale', 'text', notNull)
          .addColumn('formats', 'text', notNull)
          .addColumn('name', 'text')
          .addColumn('field_values', 'text', notNull)
          .addColumn('webhook_url', 'text')
          .addColumn('status', 'text', notNull)
          .addColumn('error', 'text')
          .addColumn('creation_id', ref, (c) => c.references('creations.id').onDelete('set null'))
          .addColumn('credits_spent', 'integer', notNull)
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', 'bigint', notNull)
          .addColumn('started_at', 'bigint')
          .addColumn('completed_at', 'bigint')
          .execute()
        // A developer's renders newest first (single renders only: batch rows are read through their batch).
        await db.schema
          .createIndex('renders_user')
          .on('renders')
          .columns(['user_id', 'batch_id', 'id'])
          .execute()
        await db.schema
          .createIndex('renders_batch')
          .on('renders')
          .columns(['batch_id', 'row_number'])
          .execute()
        await db.schema.createIndex('renders_status').on('renders').columns(['status', 'id']).execute()
      },
    },
    // A finished batch raises its one notification (and webhook) once, whichever worker runs its last job.
    '0022_batch_notified': {
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable('batches').addColumn('notified_at', 'bigint').execute()
      },
    },
    // Webhook endpoints and their deliveries: an outbox written in the transaction that settles what they tell.
    '0023_webhooks': {
      async up(db: Kysely<unknown>) {
        await idOf(db.schema.createTable('webhook_endpoints'))
          .addColumn('user_id', ref, (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('url', 'text', notNull)
          .addColumn('events', 'text', notNull)
          .addColumn('secret', 'text', notNull)
          .addColumn('created_at', 'bigint', notNull)
          .execute()
        await db.schema
          .createIndex('webhook_endpoints_user')
          .on('webhook_endpoints')
          .columns(['user_id', 'id'])
          .execute()
        await idOf(db.schema.createTable('webhook_deliveries'))
          .addColumn('endpoint_id', ref, (c) =>
            c.notNull().references('webhook_endpoints.id').onDelete('cascade'),
          )
          .addColumn('event_id', 'text', notNull)
          .addColumn('event_type', 'text', notNull)
          .addColumn('payload', 'text', notNull)
          .addColumn('status', 'text', notNull)
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('next_attempt_at', 'bigint', notNull)
          .addColumn('locked_until', 'bigint', (c) => c.notNull().defaultTo(0))
          .addColumn('last_attempt_at', 'bigint')
          .addColumn('last_status', 'integer')
          .addColumn('last_error', 'text')
          .addColumn('created_at', 'bigint', notNull)
          .execute()
        await db.schema
          .createIndex('webhook_deliveries_due')
          .on('webhook_deliveries')
          .columns(['status', 'next_attempt_at'])
          .execute()
        await db.schema
          .createIndex('webhook_deliveries_endpoint')
          .on('webhook_deliveries')
          .columns(['endpoint_id', 'id'])
          .execute()
      },
    },
  }
}

export class MigrationError extends Error {
  override name = 'MigrationError'
}

/**
 * Kysely locks migrations on PostgreSQL, but not on SQLite, where two processes starting at once on one file
 * both created the first tables and one failed. There a write transaction (`begin immediate`) holds the
 * file while migrating; the other process waits (busy_timeout), then finds nothing left to do. SQLite's DDL
 * is transactional, and Kysely runs SQLite migrations without a transaction of its own.
 */
async function withMigrationLock<T>(db: Db, run: () => Promise<T>): Promise<T> {
  if (db.engine !== 'sqlite') return run()
  await sql`begin immediate`.execute(db.kysely)
  try {
    const result = await run()
    await sql`commit`.execute(db.kysely)
    return result
  } catch (err) {
    await sql`rollback`.execute(db.kysely)
    throw err
  }
}

/**
 * Brings the schema up to date (or up to and including the migration `target`, for tests of a migration);
 * safe to run on every start and from several processes at once.
 */
export async function migrate(db: Db, target?: string): Promise<MigrationResult[]> {
  const all = migrations(db.engine)
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => all },
    // Features built side by side add migrations in parallel; a database that ran a later-numbered one first
    // still gets the earlier ones instead of refusing to start.
    allowUnorderedMigrations: true,
  })
  const { error, results } = await withMigrationLock(db, () =>
    target === undefined ? migrator.migrateToLatest() : migrator.migrateTo(target),
  )
  if (error)
    throw new MigrationError(`Migration failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    })
  return results ?? []
}
