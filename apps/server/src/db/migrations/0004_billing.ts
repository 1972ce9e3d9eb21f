import type { Kysely, Migration } from 'kysely'
import type { Engine } from '../connection'
import { notNull, withBigId } from './columns'

/**
 * Billing: checkouts (one per "Pay" page), purchases (every payment and invoice, paid or failed), subscriptions,
 * and the ledger row's link to its purchase. See docs/billing.md.
 */
export function migration(engine: Engine): Migration {
  return {
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
  }
}
