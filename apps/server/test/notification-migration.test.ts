import { describe, expect, it } from 'vitest'
import { migrate } from '../src/db/migrations'
import type { NotificationRow } from '../src/db/schema'
import { englishText } from '../src/features/notifications/notification-text'
import { toNotification } from '../src/features/notifications/notifications'
import { engines, freshDb } from './harness'

/** Rows as the server stored them before notifications were a type and parameters: English sentences. */
const OLD_ROWS: { type: string; title: string; content: string; expected: unknown }[] = [
  {
    type: 'welcome',
    title: 'Welcome to Templet, Ann Lee',
    content:
      'Your account is ready and holds 5 free credits. Pick a template, fill in your text and images, and render your first design.',
    expected: { type: 'welcome', params: { name: 'Ann Lee', credits: 5 } },
  },
  {
    type: 'purchase_paid',
    title: 'Payment received',
    content: '100 credits were added to your account (49.90 USD).',
    expected: {
      type: 'purchase_paid',
      params: { purchaseId: null, offerId: null, credits: 100, amountCents: 4990, currency: 'USD' },
    },
  },
  {
    type: 'purchase_failed',
    title: 'Payment failed',
    content: 'The card was declined. Nothing was charged. (84.90 USD)',
    expected: {
      type: 'purchase_failed',
      params: { purchaseId: null, offerId: null, amountCents: 8490, currency: 'USD', reason: 'declined' },
    },
  },
  {
    type: 'purchase_failed',
    title: 'Payment failed',
    content:
      'The renewal payment failed and your subscription is past due. Update your payment to keep it. (139.90 USD)',
    expected: {
      type: 'purchase_failed',
      params: {
        purchaseId: null,
        offerId: null,
        amountCents: 13990,
        currency: 'USD',
        reason: 'renewal_failed',
      },
    },
  },
  {
    type: 'subscription_renewed',
    title: 'Subscription renewed',
    content: '220 credits were added for the month (84.90 USD). Next renewal: 2027-01-05.',
    expected: {
      type: 'subscription_renewed',
      params: {
        purchaseId: null,
        offerId: null,
        credits: 220,
        amountCents: 8490,
        currency: 'USD',
        periodEnd: '2027-01-05T00:00:00.000Z',
      },
    },
  },
  {
    type: 'subscription_cancelled',
    title: 'Subscription cancelled',
    content: 'Your subscription stays active until 2026-12-24 and will not renew.',
    expected: {
      type: 'subscription_cancelled',
      params: { offerId: null, periodEnd: '2026-12-24T00:00:00.000Z' },
    },
  },
  {
    type: 'credits_low',
    title: 'Credits running low',
    content: 'You have 2 credits left. Top up to keep creating.',
    expected: { type: 'credits_low', params: { balance: 2, threshold: 3 } },
  },
  // Never named the creation: nothing to link, the text is kept.
  {
    type: 'creation_ready',
    title: 'Your poster is ready',
    content: 'Summer sale poster rendered as PNG, JPEG and WebP.',
    expected: {
      type: 'message',
      params: {
        title: 'Your poster is ready',
        content: 'Summer sale poster rendered as PNG, JPEG and WebP.',
      },
    },
  },
  // The old demo's sentence without an amount.
  {
    type: 'purchase_paid',
    title: 'Payment received',
    content: '100 credits were added to your account.',
    expected: {
      type: 'message',
      params: { title: 'Payment received', content: '100 credits were added to your account.' },
    },
  },
  {
    type: 'system_notice',
    title: 'Maintenance tonight',
    content: 'The service pauses for 5 minutes at 02:00 UTC.',
    expected: {
      type: 'message',
      params: { title: 'Maintenance tonight', content: 'The service pauses for 5 minutes at 02:00 UTC.' },
    },
  },
]

describe.each(engines)('the notification migration on %s', (engine) => {
  it('turns stored English sentences into a type and parameters, and keeps what it cannot read as text', async () => {
    const { db, drop } = await freshDb(engine)
    try {
      await migrate(db, '0005_rate_limits')
      // The schema of that time, typed loosely: it has title and content, no params.
      const old = db.kysely as unknown as import('kysely').Kysely<{
        users: { id?: number; email: string; name: string; password_hash: string; created_at: number }
        notifications: {
          id?: number
          user_id: number
          type: string
          title: string
          content: string
          checked: number
          created_at: number
        }
      }>
      const user = await old
        .insertInto('users')
        .values({ email: 'old@example.com', name: 'Ann Lee', password_hash: 'x', created_at: 1 })
        .returning('id')
        .executeTakeFirstOrThrow()
      await old
        .insertInto('notifications')
        .values(
          OLD_ROWS.map((r, i) => ({
            user_id: Number(user.id),
            type: r.type,
            title: r.title,
            content: r.content,
            checked: i % 2,
            created_at: 1_700_000_000_000 + i,
          })),
        )
        .execute()

      const applied = await migrate(db)
      expect(applied.map((m) => m.migrationName)).toContain('0006_notification_params')

      const rows = (await db.kysely
        .selectFrom('notifications')
        .selectAll()
        .orderBy('id')
        .execute()) as NotificationRow[]
      expect(rows).toHaveLength(OLD_ROWS.length)
      // No sentence is left in the table.
      expect(Object.keys(rows[0] ?? {})).not.toContain('title')
      expect(Object.keys(rows[0] ?? {})).not.toContain('content')
      rows.forEach((row, i) => {
        const want = OLD_ROWS[i]
        if (!want) throw new Error('row without its case')
        expect({ type: row.type, params: JSON.parse(row.params) }).toEqual(want.expected)
        expect(row.checked).toBe(i % 2)
        const n = toNotification(row)
        // Read back, the English of a migrated row is the sentence it was stored as.
        expect({ title: n.title, content: n.content }).toEqual({ title: want.title, content: want.content })
        expect(englishText(n)).toEqual({ title: want.title, content: want.content })
      })
      // Running again changes nothing.
      expect(await migrate(db)).toEqual([])
    } finally {
      await drop()
    }
  })
})
