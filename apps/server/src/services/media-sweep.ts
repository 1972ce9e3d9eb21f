import type { Kysely } from 'kysely'
import type { Config } from '../config'
import type { Database } from '../db/schema'
import { knownCreationPrefixes } from '../features/creations/creations.queries'
import { deleteUnusedUploads, knownUploadKeys } from '../features/uploads/uploads.queries'
import { errorFields, type Logger } from '../log'
import type { MediaStorage, StoredObject } from './storage'

/**
 * Removes media files that no database row names and that are older than `graceMs` (files are written before
 * their row commits, so a younger one may belong to a creation in progress). Such orphans come from a crash
 * between the two steps or a failed delete; they are never served, since every file URL is checked against its
 * row. Returns how many files were removed.
 */
export async function sweepOrphans(
  db: Kysely<Database>,
  storage: MediaStorage,
  o: { now: number; graceMs: number },
): Promise<number> {
  const old = (f: StoredObject) => f.modifiedAt <= o.now - o.graceMs
  let removed = 0

  const byPrefix = new Map<string, string[]>()
  for await (const f of storage.list('creations/')) {
    if (!old(f)) continue
    const prefix = f.key.split('/').slice(0, 2).join('/')
    byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), f.key])
  }
  const prefixes = [...byPrefix.keys()]
  for (let i = 0; i < prefixes.length; i += 500) {
    const batch = prefixes.slice(i, i + 500)
    const known = await knownCreationPrefixes(db, batch)
    const orphans = batch.filter((p) => !known.has(p)).flatMap((p) => byPrefix.get(p) ?? [])
    await storage.delete(orphans)
    removed += orphans.length
  }

  const uploads: string[] = []
  for await (const f of storage.list('uploads/')) if (old(f)) uploads.push(f.key)
  for (let i = 0; i < uploads.length; i += 500) {
    const batch = uploads.slice(i, i + 500)
    const known = await knownUploadKeys(db, batch)
    const orphans = batch.filter((k) => !known.has(k))
    await storage.delete(orphans)
    removed += orphans.length
  }
  return removed
}

/**
 * Deletes uploads made more than `retentionMs` ago that no creation draws: their rows, then their files (a
 * file whose delete fails has no row any more, and the orphan sweep takes it later). Returns how many.
 */
export async function sweepUnusedUploads(
  db: Kysely<Database>,
  storage: MediaStorage,
  o: { now: number; retentionMs: number },
): Promise<number> {
  let removed = 0
  for (;;) {
    const keys = await deleteUnusedUploads(db, o.now - o.retentionMs, 500)
    if (keys.length === 0) return removed
    await storage.delete(keys)
    removed += keys.length
  }
}

/** Sweeps a minute after start and then every hour (several processes may sweep; deleting twice is harmless). */
export function scheduleOrphanSweep(
  db: Kysely<Database>,
  storage: MediaStorage,
  config: Config,
  log: Logger,
): NodeJS.Timeout {
  const run = async () => {
    try {
      const now = Date.now()
      const unused = await sweepUnusedUploads(db, storage, {
        now,
        retentionMs: config.media.uploadRetentionDays * 86_400_000,
      })
      if (unused > 0) log.info('removed uploads no creation uses', { removed: unused })
      const removed = await sweepOrphans(db, storage, {
        now,
        graceMs: config.media.orphanGraceSeconds * 1000,
      })
      if (removed > 0) log.info('removed orphaned media files', { removed })
    } catch (err) {
      log.warn('media sweep failed', errorFields(err))
    }
  }
  setTimeout(run, 60_000).unref()
  const every = setInterval(run, 3_600_000)
  every.unref()
  return every
}
