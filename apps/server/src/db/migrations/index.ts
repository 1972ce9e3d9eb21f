import { type Migration, type MigrationResult, Migrator, sql } from 'kysely'
import type { Db, Engine } from '../connection'
import { migration as initial } from './0001_initial'
import { migration as bigintIds } from './0002_bigint_ids'
import { migration as media } from './0003_media'
import { migration as billing } from './0004_billing'
import { migration as rateLimits } from './0005_rate_limits'
import { migration as notificationParams } from './0006_notification_params'
import { migration as loginThrottle } from './0010_login_throttle'
import { migration as creationUploads } from './0011_creation_uploads'
import { migration as apiKeys } from './0020_api_keys'
import { migration as renders } from './0021_renders'
import { migration as batchNotified } from './0022_batch_notified'
import { migration as webhooks } from './0023_webhooks'
import { migration as creationPdf } from './0030_creation_pdf'
import { migration as templateVersions } from './0040_template_versions'
import { migration as account } from './0050_account'
import { migration as creationSearch } from './0060_creation_search'
import { migration as notificationGroups } from './0061_notification_groups'
import { migration as deletedCreations } from './0062_deleted_creations'
import { migration as brandKit } from './0070_brand_kit'
import { migration as printPdfs } from './0090_print_pdfs'
import { migration as valueLanguages } from './0100_value_languages'
import { migration as templateUploads } from './0130_template_uploads'
import { migration as templateVersionBytes } from './0140_template_version_bytes'
import { migration as brandFontSanitized } from './0150_brand_font_sanitized'
import { migration as rasterFormats } from './0160_raster_formats'
import { migration as signedImages } from './0170_signed_images'
import { migration as uploadNames } from './0180_upload_names'
import { migration as keyModes } from './0190_key_modes'
import { migration as testCreations } from './0200_test_creations'
import { migration as creationPages } from './0210_creation_pages'
import { migration as teams } from './0220_teams'
import { migration as teamAudit } from './0230_team_audit'
import { migration as teamWorkspaces } from './0240_team_workspaces'
import { migration as templateComments } from './0250_template_comments'
import { migration as workStarters } from './0260_work_starters'
import { migration as checkoutOpeners } from './0261_checkout_openers'
import { migration as versionApprovals } from './0270_version_approvals'
import { migration as billingDetails } from './0280_billing_details'
import { migration as teamNotificationsToOwner } from './0290_team_notifications_to_owner'
import { settleParallelEra } from './parallel-era'

/**
 * Every migration, one file each, applied in the order of their names; one schema for both engines. Never edit
 * a released one: add the next, with a number above the last.
 */
export function migrations(engine: Engine): Record<string, Migration> {
  return {
    '0001_initial': initial(engine),
    '0002_bigint_ids': bigintIds(engine),
    '0003_media': media(engine),
    '0004_billing': billing(engine),
    '0005_rate_limits': rateLimits(),
    '0006_notification_params': notificationParams(),
    '0010_login_throttle': loginThrottle(),
    '0011_creation_uploads': creationUploads(engine),
    '0020_api_keys': apiKeys(engine),
    '0021_renders': renders(engine),
    '0022_batch_notified': batchNotified(),
    '0023_webhooks': webhooks(engine),
    '0030_creation_pdf': creationPdf(),
    '0040_template_versions': templateVersions(engine),
    '0050_account': account(engine),
    '0060_creation_search': creationSearch(engine),
    '0061_notification_groups': notificationGroups(),
    '0062_deleted_creations': deletedCreations(engine),
    '0070_brand_kit': brandKit(engine),
    '0090_print_pdfs': printPdfs(),
    '0100_value_languages': valueLanguages(),
    '0130_template_uploads': templateUploads(engine),
    '0140_template_version_bytes': templateVersionBytes(engine),
    '0150_brand_font_sanitized': brandFontSanitized(),
    '0160_raster_formats': rasterFormats(),
    '0170_signed_images': signedImages(engine),
    '0180_upload_names': uploadNames(),
    '0190_key_modes': keyModes(),
    '0200_test_creations': testCreations(),
    '0210_creation_pages': creationPages(),
    '0220_teams': teams(engine),
    '0230_team_audit': teamAudit(engine),
    '0240_team_workspaces': teamWorkspaces(engine),
    '0250_template_comments': templateComments(engine),
    '0260_work_starters': workStarters(engine),
    '0261_checkout_openers': checkoutOpeners(engine),
    '0270_version_approvals': versionApprovals(engine),
    '0280_billing_details': billingDetails(engine),
    '0290_team_notifications_to_owner': teamNotificationsToOwner(),
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
 * safe to run on every start and from several processes at once. A migration whose name sorts before one the
 * database already ran is refused (Kysely's check), so a new one always takes the next number.
 */
export async function migrate(db: Db, target?: string): Promise<MigrationResult[]> {
  const all = migrations(db.engine)
  const migrator = new Migrator({ db: db.kysely, provider: { getMigrations: async () => all } })
  const { error, results } = await withMigrationLock(db, async () => {
    const settled = await settleParallelEra(db, all)
    const run = await (target === undefined ? migrator.migrateToLatest() : migrator.migrateTo(target))
    return {
      error: settled.error ?? run.error,
      results: [...(settled.results ?? []), ...(run.results ?? [])],
    }
  })
  if (error)
    throw new MigrationError(`Migration failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    })
  return results
}
