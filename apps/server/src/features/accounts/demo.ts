import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { Offers } from '../billing/offers'
import { recordPurchase } from '../billing/purchases'
import type { Creations } from '../creations/creations'
import { setStar } from '../templates/template-types'
import type { Accounts } from './accounts'
import { findUserByEmail } from './users.queries'

/** The account `DEMO_DATA=1` seeds, for trying the app without registering. */
export const DEMO_ACCOUNT = { email: 'demo@templet.app', password: 'demo-password', name: 'Demo' } as const

export interface DemoParts {
  accounts: Accounts
  creations: Creations
  offers: Offers
}

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

/** Tables whose rows of one user the story dates; each has `id`, `user_id` and `created_at`. */
const DATED = ['notifications', 'credit_ledger', 'creations', 'purchases'] as const

/**
 * Creates the demo account, once (a start with the account present does nothing), through the same services a
 * customer goes through, so its creations, purchases, credit history, balance and notifications tell one story:
 *
 * - 6 days ago it registers (welcome, 5 free credits);
 * - it renders three designs (5 -> 2 credits; the third spend raises "credits low");
 * - 3 days ago a card is declined, then a 100-credit pack is paid (102);
 * - it renders a design yesterday and one 5 minutes ago (100): these two notifications are unread;
 * - it has starred the types of the designs it comes back to (quotes, certificates).
 *
 * Each step's rows are then dated to its moment in the story. Notifications are type and parameters, so the
 * story reads in either language.
 */
export async function seedDemoAccount(
  db: Kysely<Database>,
  parts: DemoParts,
  now: () => number,
): Promise<boolean> {
  if (await findUserByEmail(db, DEMO_ACCOUNT.email)) return false
  const at = now()
  const { user } = await parts.accounts.create({ ...DEMO_ACCOUNT }, { verified: true })
  const userId = user.id
  await db
    .updateTable('users')
    .set({ created_at: at - 6 * DAY })
    .where('id', '=', userId)
    .execute()

  const marks = Object.fromEntries(DATED.map((t) => [t, 0])) as Record<(typeof DATED)[number], number>
  /** Dates the rows made since the last call to `when` (or leaves their dates when none is given). */
  const dateStep = async (when?: number) => {
    for (const table of DATED) {
      if (when !== undefined)
        await db
          .updateTable(table)
          .set({ created_at: when })
          .where('user_id', '=', userId)
          .where('id', '>', marks[table])
          .execute()
      const last = await db
        .selectFrom(table)
        .select((eb) => eb.fn.max<number>('id').as('id'))
        .where('user_id', '=', userId)
        .executeTakeFirst()
      marks[table] = Number(last?.id ?? 0)
    }
  }
  await dateStep(at - 6 * DAY)

  const render = async (slug: string, name: string, when: number, locale: 'en' | 'zh-CN' = 'en') => {
    const template = await db.selectFrom('templates').select('id').where('slug', '=', slug).executeTakeFirst()
    if (!template) return
    // Empty values draw the template's own sample text in `locale`.
    await parts.creations.create({ userId, templateId: template.id, values: {}, name, locale })
    await dateStep(when)
    // Dated to its day in the story, the notification leaves this hour's group: each render tells its own.
    await db
      .updateTable('notifications')
      .set({ group_key: null })
      .where('user_id', '=', userId)
      .where('group_key', 'is not', null)
      .execute()
  }
  await render('sale-banner', 'Summer sale banner', at - 5 * DAY)
  await render('event-poster', 'Product launch poster', at - 5 * DAY + 2 * 60 * MINUTE)
  await render('bold-quote', 'Team quote', at - 4 * DAY)

  await seedDemoPurchases(db, userId, parts.offers, at - 3 * DAY)
  await dateStep()

  // Customers write in either language; so does the demo.
  await render('gala-invitation', '春季晚宴邀请函', at - DAY, 'zh-CN')
  await render('course-certificate', 'Course certificate', at - 5 * MINUTE)

  // It keeps coming back to quotes and certificates: their types are starred, so the dashboard lists them.
  for (const slug of ['bold-quote', 'course-certificate']) {
    const t = await db
      .selectFrom('templates')
      .select('template_type_id')
      .where('slug', '=', slug)
      .executeTakeFirst()
    if (t) await setStar(db, { userId, templateTypeId: t.template_type_id, star: true, now: at })
  }

  // Read up to the purchase; the last two renders are news.
  await db
    .updateTable('notifications')
    .set({ checked: 1 })
    .where('user_id', '=', userId)
    .where('created_at', '<=', at - 3 * DAY)
    .execute()
  return true
}

/**
 * A declined card, then a paid 100-credit pack two minutes later: recorded as a sandbox checkout records them
 * (purchase, grant, notification), without a checkout, so the demo does not depend on the configured provider.
 */
async function seedDemoPurchases(db: Kysely<Database>, userId: number, offers: Offers, at: number) {
  const offer = offers.all.find((o) => o.kind === 'payment' && o.tier === '49-9')
  if (!offer) return
  const purchase = (outcome: 'paid' | 'declined', when: number, last4: string) =>
    db.transaction().execute((tx) =>
      recordPurchase(tx, {
        userId,
        key: outcome === 'paid' ? 'demo:paid' : 'demo:failed',
        offer,
        source: 'checkout',
        checkoutId: null,
        outcome,
        subscriptionId: null,
        variant: 'checkout',
        provider: 'sandbox',
        card: { brand: 'Visa', last4 },
        now: when,
      }),
    )
  await purchase('declined', at - 2 * MINUTE, '0002')
  await purchase('paid', at, '4242')
}
