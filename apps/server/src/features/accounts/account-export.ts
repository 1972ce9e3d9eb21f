import { Hono } from 'hono'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { AppEnv } from '../../routes/api'
import type { FileUrls } from '../../services/file-urls'
import type { MediaStorage } from '../../services/storage'
import { type ZipEntry, zipDownload } from '../../services/zip-download'
import {
  CREATION_FILES,
  type CreationFile,
  keptRasterFormats,
  laterPageFiles,
  pageFileName,
} from '../creations/files'
import { storedLanguages } from '../creations/library'
import { accountExportRows } from './account-export.queries'

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())
const parsed = (json: string): unknown => {
  try {
    return JSON.parse(json)
  } catch {
    return json
  }
}
const UPLOAD_EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
}

/** What the account's export holds, in order: the data as JSON, then the creations' and uploads' files. */
async function exportEntries(db: Kysely<Database>, userId: number): Promise<ZipEntry[] | undefined> {
  const r = await accountExportRows(db, userId)
  if (!r.user) return undefined
  const creationFiles = (c: (typeof r.creations)[number]) => [
    ...([...keptRasterFormats(c), ...(c.has_pdf ? ['pdf'] : [])] as CreationFile[]).map((f) => ({
      name: `creations/${c.id}/${CREATION_FILES[f].name}`,
      key: `${c.storage_prefix}/${CREATION_FILES[f].name}`,
    })),
    ...laterPageFiles(c.pages, keptRasterFormats(c)).map((p) => ({
      name: `creations/${c.id}/${pageFileName(p)}`,
      key: `${c.storage_prefix}/${pageFileName(p)}`,
    })),
  ]
  const uploadFile = (u: (typeof r.uploads)[number]) => ({
    name: `uploads/${u.id}.${UPLOAD_EXTENSIONS[u.content_type] ?? 'bin'}`,
    key: u.storage_key,
  })
  return [
    {
      name: 'profile.json',
      json: {
        id: r.user.id,
        email: r.user.email,
        name: r.user.name,
        language: r.user.locale,
        createdAt: iso(r.user.created_at),
        emailConfirmedAt: iso(r.user.email_verified_at),
      },
    },
    {
      name: 'creations.json',
      json: r.creations.map((c) => ({
        id: c.id,
        name: c.name,
        templateId: c.template_id,
        templateVersion: c.template_version,
        sizeId: c.size_id,
        width: c.width,
        height: c.height,
        values: parsed(c.field_values),
        valueLanguages: storedLanguages(c.value_languages),
        createdAt: iso(c.created_at),
        files: creationFiles(c).map((f) => f.name),
      })),
    },
    {
      name: 'uploads.json',
      json: r.uploads.map((u) => ({
        id: u.id,
        contentType: u.content_type,
        width: u.width,
        height: u.height,
        bytes: u.bytes,
        createdAt: iso(u.created_at),
        file: uploadFile(u).name,
      })),
    },
    {
      name: 'purchases.json',
      json: r.purchases.map((p) => ({
        id: p.id,
        offerId: p.offer_id,
        kind: p.kind,
        amount: p.amount_cents / 100,
        currency: p.currency,
        status: p.status,
        credits: p.credits,
        refundedCredits: p.refunded_credits,
        card: p.card_last4 ? `${p.card_brand ?? 'card'} •••• ${p.card_last4}` : null,
        createdAt: iso(p.created_at),
      })),
    },
    {
      name: 'notifications.json',
      json: r.notifications.map((n) => ({
        id: n.id,
        type: n.type,
        params: parsed(n.params),
        read: n.checked === 1,
        createdAt: iso(n.created_at),
      })),
    },
    {
      name: 'credit-history.json',
      json: r.ledger.map((l) => ({
        id: l.id,
        delta: l.delta,
        reason: l.reason,
        createdAt: iso(l.created_at),
      })),
    },
    {
      name: 'templates.json',
      json: r.templates.map((t) => ({
        id: t.id,
        name: t.name,
        version: t.version,
        document: parsed(t.definition),
        updatedAt: iso(t.updated_at),
      })),
    },
    {
      name: 'api-keys.json',
      json: r.apiKeys.map((k) => ({
        id: k.id,
        name: k.name,
        scopes: k.scopes.split(','),
        hint: k.hint,
        createdAt: iso(k.created_at),
        lastUsedAt: iso(k.last_used_at),
        revokedAt: iso(k.revoked_at),
      })),
    },
    {
      // The teams the account is in with its role (a team's other members are theirs to export).
      name: 'teams.json',
      json: r.teams.map((t) => ({ id: t.id, name: t.name, role: t.role, joinedAt: iso(t.created_at) })),
    },
    ...r.creations.flatMap(creationFiles),
    ...r.uploads.map(uploadFile),
  ]
}

/** The signed link to the account's export (`/api/file/export/<user>/zip?exp&sig`), and when it stops working. */
export function exportLink(urls: FileUrls, userId: number): { url: string; expiresAt: string } {
  const url = urls.url({ kind: 'export', id: userId, variant: 'zip' })
  const exp = Number(new URL(url, 'http://x').searchParams.get('exp'))
  return { url, expiresAt: new Date(exp * 1000).toISOString() }
}

/**
 * The account's export as one ZIP, built while it downloads (one media file in memory at a time), so that it
 * starts at once whatever the account holds and needs no job or stored copy: JSON of the profile, creations,
 * uploads, purchases, notifications, credit history, templates and API keys, then the files themselves.
 */
export function accountExportRoute(d: { db: Kysely<Database>; storage: MediaStorage; urls: FileUrls }) {
  const app = new Hono<AppEnv>()
  app.get('/:id/zip', async (c) => {
    const id = c.req.param('id')
    const ref = { kind: 'export' as const, id: Number(id), variant: 'zip' }
    if (!/^[1-9]\d{0,15}$/.test(id) || !d.urls.verify(ref, c.req.query('exp'), c.req.query('sig')))
      return c.text('Not found', 404)
    const entries = await exportEntries(d.db, ref.id)
    if (!entries) return c.text('Not found', 404)
    return zipDownload(d.storage, entries, `templet-export-${ref.id}.zip`)
  })
  return app
}
