import type { Kysely } from 'kysely'
import { insertNotifications } from '../db/notifications'
import type { Database } from '../db/schema'
import { findUserByEmail } from '../db/users'
import type { Accounts } from './accounts'

/** The account `DEMO_DATA=1` seeds, for trying the app without registering. */
export const DEMO_ACCOUNT = { email: 'demo@templet.app', password: 'demo-password', name: 'Demo' } as const

/** Creates the demo account with a few notifications, once: a start with the account present does nothing. */
export async function seedDemoAccount(
  db: Kysely<Database>,
  accounts: Accounts,
  now: () => number,
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
  return true
}
