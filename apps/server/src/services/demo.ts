import type { Kysely } from 'kysely'
import { insertLedgerRowOnce } from '../db/ledger'
import { insertNotifications } from '../db/notifications'
import { insertPurchase } from '../db/purchases'
import type { Database } from '../db/schema'
import { findUserByEmail } from '../db/users'
import type { Accounts } from './accounts'
import type { Offers } from './offers'

/** The account `DEMO_DATA=1` seeds, for trying the app without registering. */
export const DEMO_ACCOUNT = { email: 'demo@templet.app', password: 'demo-password', name: 'Demo' } as const

/** Creates the demo account with a few notifications, once: a start with the account present does nothing. */
export async function seedDemoAccount(
  db: Kysely<Database>,
  accounts: Accounts,
  now: () => number,
  offers?: Offers,
): Promise<boolean> {
  if (await findUserByEmail(db, DEMO_ACCOUNT.email)) return false
  const { user } = await accounts.create({ ...DEMO_ACCOUNT })
  const at = now()
  const note = (minutesAgo: number, type: string, title: string, content: string, checked: 0 | 1) => ({
    user_id: user.id,
    type,
    title,
    content,
    checked,
    created_at: at - minutesAgo * 60_000,
  })
  await insertNotifications(db, [
    note(3 * 24 * 60, 'purchase_paid', 'Payment received', '100 credits were added to your account.', 1),
    note(
      2 * 24 * 60,
      'creation_ready',
      'Your poster is ready',
      'Summer sale poster rendered as PNG, JPEG and WebP.',
      1,
    ),
    note(90, 'credits_low', 'Credits running low', 'You have 5 credits left. Top up to keep creating.', 0),
    note(
      5,
      'creation_ready',
      'Your banner is ready',
      'Spring launch banner rendered as PNG, JPEG and WebP.',
      0,
    ),
  ])
  if (offers) await seedDemoPurchases(db, user.id, offers, at)
  return true
}

/**
 * A declined attempt and a paid 100-credit pack three days ago, and the 100 renders since (one credit each),
 * so Purchase History, the receipt and the credit history have something true to show and the balance stays
 * the sign-up's 5 that the notifications speak of.
 */
async function seedDemoPurchases(db: Kysely<Database>, userId: number, offers: Offers, at: number) {
  const offer = offers.all.find((o) => o.kind === 'payment' && o.tier === '49-9')
  if (!offer) return
  const day = 24 * 3600_000
  const purchase = (status: 'paid' | 'failed', minutesAgo: number, last4: string) =>
    insertPurchase(db, {
      user_id: userId,
      source_key: `demo:${status}`,
      checkout_id: null,
      subscription_id: null,
      offer_id: offer.id,
      kind: offer.kind,
      tier: offer.tier,
      amount_cents: offer.cents,
      currency: offer.currency,
      status,
      credits: status === 'paid' ? offer.credits : 0,
      variant: 'checkout',
      source: 'checkout',
      provider: 'sandbox',
      payment_ref: null,
      card_brand: 'Visa',
      card_last4: last4,
      created_at: at - minutesAgo * 60_000,
    })
  await purchase('failed', 3 * 24 * 60 + 2, '0002')
  const paidId = await purchase('paid', 3 * 24 * 60, '4242')
  await insertLedgerRowOnce(db, {
    userId,
    delta: offer.credits,
    reason: 'purchase',
    idempotencyKey: 'demo:paid',
    purchaseId: paidId,
    now: at - 3 * day,
  })
  const spends = Array.from({ length: offer.credits }, (_, i) => ({
    user_id: userId,
    delta: -1,
    reason: 'creation',
    idempotency_key: null,
    created_at: at - 3 * day + Math.round(((i + 1) * (3 * day - 2 * 3600_000)) / offer.credits),
  }))
  await db.insertInto('credit_ledger').values(spends).execute()
}
