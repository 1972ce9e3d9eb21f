import { Code, type Creation, type CreationDetail, type DeletedCreationData } from '@templet/api/contract'
import { fieldKinds } from '@templet/template'
import { creationSearchText, typedValues } from '../../db/search-text'
import { AppError, notFound } from '../../errors'
import { findOwnUpload } from '../uploads/uploads.queries'
import {
  type CreationFilter,
  type CreationSort,
  creationDeletedAt,
  deleteOwnCreation,
  findOwnCreation,
  listCreations,
  renameOwnCreation,
} from './creations.queries'
import type { CreationDeps } from './deps'
import { creationFileKeys } from './files'
import { creationView } from './view'

// The customer's own creations: listed, opened, renamed and deleted.

/** A creation's stored languages (none before migration 0100). */
export const storedLanguages = (text: string | null): Record<string, string> =>
  text ? (JSON.parse(text) as Record<string, string>) : {}

export async function listOwnCreations(
  d: Pick<CreationDeps, 'db' | 'urls'>,
  f: CreationFilter,
  page: { page: number; pageSize: number; sort?: CreationSort | undefined },
) {
  const { rows, total } = await listCreations(d.db, f, page)
  return { items: rows.map((c) => creationView(d.urls, c)), total }
}

/**
 * The 404 of a creation the caller cannot read: for one of theirs that they deleted, it says so and when
 * (a notification or a bookmark leads there); anyone else's, or an unknown id, is simply not found.
 */
async function missing(d: Pick<CreationDeps, 'db'>, id: number, userId: number): Promise<AppError> {
  const deletedAt = await creationDeletedAt(d.db, id, userId)
  if (deletedAt === undefined) return notFound('Creation')
  const data: DeletedCreationData = { deleted: true, deletedAt: new Date(deletedAt).toISOString() }
  return new AppError(Code.notFound, 'This creation was deleted', data)
}

/** Renames the caller's creation; search finds it by the new name at once (the same statement). */
export async function renameOwn(
  d: CreationDeps,
  id: number,
  userId: number,
  name: string,
): Promise<Creation> {
  const row = await findOwnCreation(d.db, id, userId)
  if (!row) throw await missing(d, id, userId)
  const template = await d.templates
    .resolve(userId, row.template_id, row.template_version ?? undefined)
    .catch(() => undefined)
  const values = JSON.parse(row.field_values) as Record<string, string>
  const searchText = creationSearchText(name, typedValues(template?.template.fields ?? [], values))
  const renamed = await renameOwnCreation(d.db, { id, userId, name, searchText })
  if (!renamed) throw await missing(d, id, userId)
  return creationView(d.urls, renamed)
}

export async function ownCreationDetail(
  d: CreationDeps,
  id: number,
  userId: number,
): Promise<CreationDetail> {
  const row = await findOwnCreation(d.db, id, userId)
  if (!row) throw await missing(d, id, userId)
  const values = JSON.parse(row.field_values) as Record<string, string>
  const template = await d.templates
    .resolve(userId, row.template_id, row.template_version ?? undefined)
    .catch(() => undefined)
  const uploads: CreationDetail['uploads'] = {}
  for (const f of template?.template.fields ?? []) {
    const ref = fieldKinds.upload(f, values[f.key]) ?? ''
    if (!/^[1-9]\d{0,15}$/.test(ref)) continue
    const up = await findOwnUpload(d.db, Number(ref), userId)
    if (up)
      uploads[f.key] = {
        id: up.id,
        width: up.width,
        height: up.height,
        url: d.urls.url({ kind: 'upload', id: up.id, variant: 'image' }),
      }
  }
  return {
    ...creationView(d.urls, row),
    values,
    uploads,
    locale: row.locale === 'zh-CN' ? 'zh-CN' : 'en',
    valueLanguages: storedLanguages(row.value_languages),
  }
}

/** Deletes the row first (its URLs die with it), then the files; files left by a failure go to the sweep. */
export async function deleteOwn(d: CreationDeps, id: number, userId: number): Promise<void> {
  const row = await deleteOwnCreation(d.db, id, userId, d.now())
  if (!row) throw await missing(d, id, userId)
  await d.storage.delete(creationFileKeys(row.storage_prefix, row.pages)).catch(() => {})
}
