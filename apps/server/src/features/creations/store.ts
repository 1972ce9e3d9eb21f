import { randomUUID } from 'node:crypto'
import { Code } from '@templet/api/contract'
import { RASTER_FORMATS } from '@templet/render'
import type { Kysely } from 'kysely'
import { isForeignKeyViolation } from '../../db/connection'
import type { Database } from '../../db/schema'
import { creationSearchText } from '../../db/search-text'
import { AppError } from '../../errors'
import { spendCredits } from '../billing/ledger'
import { ledgerBalance } from '../billing/ledger.queries'
import { notifyCreationReady } from '../notifications/notifications'
import { workRecipient } from '../notifications/recipients'
import { insertCreations, insertCreationUploads, type NewCreation } from './creations.queries'
import type { CreationDeps, CreationRequest } from './deps'
import {
  CREATION_FILES,
  type CreationFile,
  laterPageFiles,
  pageFileName,
  pageFileType,
  pixelSize,
} from './files'
import { pdfOptionsText } from './pdf-options'
import type { DrawnCreation } from './render'

export const CREATION_COST = 1

/** A creation rendered and its files written, its row not yet stored (see {@link writeCreation}). */
export interface ProducedCreation {
  /** Where its files are (`creations/<uuid>`). */
  prefix: string
  /** Its row, made at `now`. */
  row: (now: number) => NewCreation
  /** The uploads it draws (the caller's, the template's fixed images). */
  uploadIds: number[]
  /**
   * Its "ready" notification, unless it was made with `notify: false`: the workspace it is made in and who asked
   * for it there (see `workRecipient`).
   */
  notice?: { workspaceId: number; startedBy: number; templateId: number; typeId: number; name: string }
  /** Deletes its files (its row was not stored). */
  discard: () => Promise<void>
}

/** Fails fast, before rendering, when the caller cannot pay for a creation; the spend is what guarantees it. */
export async function checkBalance(d: Pick<CreationDeps, 'db'>, userId: number): Promise<void> {
  const before = await ledgerBalance(d.db, userId)
  if (before < CREATION_COST)
    throw new AppError(Code.notEnoughCredits, 'Not enough credits; buy more to continue', {
      credits: before,
    })
}

/**
 * Writes a drawn creation's files under a new prefix and returns its row to {@link storeCreations} or, when
 * the caller's transaction does not commit, how to delete the files again (`discard`). `notify: false` leaves
 * out its "creation ready" notification (a batch raises one for all its rows).
 */
export async function writeCreation(
  d: Pick<CreationDeps, 'storage'>,
  r: CreationRequest,
  drawn: DrawnCreation,
  o: { notify: boolean },
): Promise<ProducedCreation> {
  const {
    prepared,
    name,
    locale,
    typed,
    raster: out,
    laterPages,
    thumbnail,
    pdfs,
    pagesPdf,
    printPdf,
  } = drawn
  const { row, version, size, uploadIds, checkImagesRead, valueLanguages } = prepared
  const sizeId = size.id
  checkImagesRead()
  const prefix = `creations/${randomUUID()}`
  // The raster files the render made (those asked for): what is written, and what the row says it keeps.
  const rasters = out ? RASTER_FORMATS.filter((f) => out[f]) : []
  const bytes: Partial<Record<CreationFile, Buffer>> = {
    ...Object.fromEntries(rasters.map((f) => [f, out?.[f]])),
    thumb: thumbnail,
    ...(pdfs && { pdf: pdfs.trimmed, pdfPrint: pdfs.printShop }),
    ...(pdfs?.sizes && { pdfSizes: pdfs.sizes.bytes }),
    ...(pagesPdf && { pdf: pagesPdf }),
  }
  const stored = [
    ...(Object.keys(bytes) as CreationFile[]).map((f) => ({
      key: `${prefix}/${CREATION_FILES[f].name}`,
      data: bytes[f] as Buffer,
      type: CREATION_FILES[f].contentType,
    })),
    ...laterPageFiles(laterPages.length + 1, rasters).map((p) => ({
      key: `${prefix}/${pageFileName(p)}`,
      data: laterPages[p.page - 2]?.[p.format] as Buffer,
      type: pageFileType(p),
    })),
  ]
  const keys = stored.map((s) => s.key)
  try {
    await Promise.all(stored.map(({ key, data, type }) => d.storage.put(key, data, type)))
  } catch (err) {
    await d.storage.delete(keys).catch(() => {})
    throw err
  }
  return {
    prefix,
    discard: () => d.storage.delete(keys).catch(() => {}),
    row: (now) => ({
      user_id: r.userId,
      template_id: row.id,
      template_version: version,
      template_type_id: row.template_type_id,
      name,
      field_values: JSON.stringify(r.values),
      size_id: sizeId,
      locale,
      // A PDF alone is still counted in the pixels its raster files would have.
      width: out?.width ?? pixelSize(size).width,
      height: out?.height ?? pixelSize(size).height,
      storage_prefix: prefix,
      created_at: now,
      has_pdf: pdfs || pagesPdf ? 1 : 0,
      has_raster: out ? 1 : 0,
      raster_formats: rasters.length > 0 && rasters.length < RASTER_FORMATS.length ? rasters.join(',') : null,
      print_pdf: pdfs ? pdfOptionsText(printPdf) : null,
      sizes_pdf: pdfs?.sizes?.pages ?? 0,
      search_text: creationSearchText(name, typed),
      value_languages: Object.keys(valueLanguages).length > 0 ? JSON.stringify(valueLanguages) : null,
      // Only a test-mode key's render is drawn watermarked.
      livemode: r.watermark ? 0 : 1,
      pages: laterPages.length + 1,
    }),
    uploadIds,
    ...(o.notify && {
      notice: {
        workspaceId: r.userId,
        startedBy: r.startedBy ?? r.userId,
        templateId: row.id,
        typeId: row.template_type_id,
        name,
      },
    }),
  }
}

/**
 * Stores creations written, in the caller's transaction (one insert for all their rows): the rows, the uploads
 * they draw, and their notifications (each to whoever asked for it). A creation exists, and is told, if and only
 * if it is paid for. Their ids, in order.
 */
export async function storeCreations(
  trx: Kysely<Database>,
  made: ProducedCreation[],
  now: number,
): Promise<number[]> {
  const ids = await insertCreations(
    trx,
    made.map((m) => m.row(now)),
  )
  // The uploads they draw are kept from the sweep of unused ones. One deleted meanwhile is a 404.
  await insertCreationUploads(
    trx,
    made.flatMap((m, i) => m.uploadIds.map((upload_id) => ({ creation_id: ids[i] as number, upload_id }))),
  ).catch((err) => {
    if (isForeignKeyViolation(err)) throw new AppError(Code.notFound, 'values: Upload not found')
    throw err
  })
  for (const [i, m] of made.entries()) {
    if (!m.notice) continue
    const { workspaceId, startedBy, ...params } = m.notice
    const to = await workRecipient(trx, workspaceId, startedBy)
    if (to) await notifyCreationReady(trx, to, { creationId: ids[i] as number, ...params }, now)
  }
  return ids
}

/**
 * Spends one credit and stores the creation in the same transaction; when that fails the files are deleted
 * again. Its id and the balance left.
 */
export async function storePaid(
  d: Pick<CreationDeps, 'db' | 'now'>,
  userId: number,
  made: ProducedCreation,
): Promise<{ id: number; balance: number }> {
  try {
    const now = d.now()
    const stored = await spendCredits(
      d.db,
      {
        userId,
        amount: CREATION_COST,
        reason: 'creation',
        idempotencyKey: `creation:${made.prefix}`,
        now,
      },
      async (trx) => (await storeCreations(trx, [made], now))[0] as number,
    )
    return { id: stored.result, balance: stored.balance }
  } catch (err) {
    await made.discard()
    throw err
  }
}
