import type { Kysely } from 'kysely'
import { insertNotifications } from '../db/notifications'
import type { Database } from '../db/schema'
import { insertMissingTemplateTypes, listTemplateTypes, type TemplateTypeSeed } from '../db/template-types'
import { findUserByEmail } from '../db/users'
import type { Accounts } from './accounts'

/** The seeded catalogue of template types; templates themselves arrive with the template issue. */
export const TEMPLATE_TYPES: TemplateTypeSeed[] = [
  { slug: 'social-posts', name: 'Social posts', templateCount: 0, sortOrder: 10 },
  { slug: 'banners', name: 'Banners', templateCount: 0, sortOrder: 20 },
  { slug: 'posters', name: 'Posters', templateCount: 0, sortOrder: 30 },
  { slug: 'invitations', name: 'Invitations', templateCount: 0, sortOrder: 40 },
  { slug: 'business-cards', name: 'Business cards', templateCount: 0, sortOrder: 50 },
  { slug: 'certificates', name: 'Certificates', templateCount: 0, sortOrder: 60 },
]

/** Adds the catalogue's missing types; runs on every start. */
export const seedCatalogue = (db: Kysely<Database>) => insertMissingTemplateTypes(db, TEMPLATE_TYPES)

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

/** Every template type in catalogue order with its star count, `starred` for the caller (false when anonymous). */
export const catalogueFor = (db: Kysely<Database>, userId: number | null) => listTemplateTypes(db, userId)
