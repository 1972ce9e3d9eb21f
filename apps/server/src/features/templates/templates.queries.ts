import { type Kysely, sql } from 'kysely'
import type { Database, TemplateRow } from '../../db/schema'
import { likePattern } from '../creations/creations.queries'

type Q = Kysely<Database>

export interface TypeSeed {
  slug: string
  name: string
  nameZh: string
  sortOrder: number
}
export interface TemplateSeed {
  slug: string
  typeSlug: string
  name: string
  nameZh: string
  width: number
  height: number
  sortOrder: number
  definition: string
}

/**
 * Brings the types and templates in line with the catalogue: inserts or updates by slug, hides templates that
 * left it, and recounts each type's active templates (a type without any is hidden from the list). Safe to run
 * from several processes at once.
 */
export async function syncCatalogue(
  db: Q,
  types: TypeSeed[],
  templates: TemplateSeed[],
  now = Date.now(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const t of types) {
      await trx
        .insertInto('template_types')
        .values({ slug: t.slug, name: t.name, name_zh: t.nameZh, template_count: 0, sort_order: t.sortOrder })
        .onConflict((oc) =>
          oc.column('slug').doUpdateSet({ name: t.name, name_zh: t.nameZh, sort_order: t.sortOrder }),
        )
        .execute()
    }
    const typeIds = new Map(
      (await trx.selectFrom('template_types').select(['id', 'slug']).execute()).map((r) => [r.slug, r.id]),
    )
    for (const t of templates) {
      const typeId = typeIds.get(t.typeSlug)
      if (typeId === undefined) throw new Error(`template ${t.slug}: unknown type ${t.typeSlug}`)
      const row = {
        template_type_id: typeId,
        name: t.name,
        name_zh: t.nameZh,
        width: t.width,
        height: t.height,
        sort_order: t.sortOrder,
        active: 1,
      }
      const inserted = await trx
        .insertInto('templates')
        .values({ slug: t.slug, ...row, definition: t.definition, version: 1, updated_at: now })
        .onConflict((oc) => oc.column('slug').doNothing())
        .returning(['id', 'version'])
        .executeTakeFirst()
      // A changed document is the template's next version; the one creations were made from stays.
      const changed =
        inserted ??
        (await trx
          .updateTable('templates')
          .set((eb) => ({
            ...row,
            definition: t.definition,
            version: eb('version', '+', 1),
            updated_at: now,
          }))
          .where('slug', '=', t.slug)
          .where('owner_id', 'is', null)
          .where('definition', '!=', t.definition)
          .returning(['id', 'version'])
          .executeTakeFirst())
      if (changed)
        await trx
          .insertInto('template_versions')
          .values({
            template_id: changed.id,
            version: changed.version,
            definition: t.definition,
            bytes: Buffer.byteLength(t.definition),
            created_at: now,
          })
          .execute()
      else await trx.updateTable('templates').set(row).where('slug', '=', t.slug).execute()
    }
    const slugs = templates.map((t) => t.slug)
    let retire = trx.updateTable('templates').set({ active: 0 }).where('owner_id', 'is', null)
    if (slugs.length > 0) retire = retire.where('slug', 'not in', slugs)
    await retire.execute()
    await trx
      .updateTable('template_types')
      .set((eb) => ({
        template_count: eb
          .selectFrom('templates')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('templates.template_type_id', '=', 'template_types.id')
          .where('templates.owner_id', 'is', null)
          .where('templates.active', '=', 1),
      }))
      .execute()
  })
}

export interface TemplateFilter {
  typeId?: number | undefined
  q?: string | undefined
}

function filtered(db: Q, f: TemplateFilter) {
  let q = db.selectFrom('templates').where('active', '=', 1).where('owner_id', 'is', null)
  if (f.typeId !== undefined) q = q.where('template_type_id', '=', f.typeId)
  if (f.q) {
    const p = likePattern(f.q)
    q = q.where(
      sql<boolean>`(lower(name) like ${p} escape '\\' or lower(name_zh) like ${p} escape '\\' or slug like ${p} escape '\\')`,
    )
  }
  return q
}

/** One page of active templates in catalogue order, and the count over all pages. */
export async function listTemplates(
  db: Q,
  f: TemplateFilter,
  page: { page: number; pageSize: number },
): Promise<{ rows: TemplateRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, f)
      .selectAll()
      .orderBy('template_type_id')
      .orderBy('sort_order')
      .orderBy('id')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.n) }
}

/** The template by id, whoever owns it and whether or not it is deleted (for what was already made from it). */
export function findTemplate(db: Q, id: number): Promise<TemplateRow | undefined> {
  return db.selectFrom('templates').selectAll().where('id', '=', id).executeTakeFirst()
}

/**
 * A template someone may open and create from: one of the catalogue's, or one of `userId`'s own that is not
 * deleted. Anyone else's is as unknown as a missing one.
 */
export function findUsableTemplate(
  db: Q,
  id: number,
  userId: number | null,
): Promise<TemplateRow | undefined> {
  return db
    .selectFrom('templates')
    .selectAll()
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb.and([eb('owner_id', 'is', null), eb('active', '=', 1)]),
        ...(userId === null ? [] : [eb.and([eb('owner_id', '=', userId), eb('deleted_at', 'is', null)])]),
      ]),
    )
    .executeTakeFirst()
}

/**
 * Template `id` as `userId` may draw it (the catalogue's or their own; with `version`, also retired or deleted,
 * as {@link findUsableTemplate} and findReadableTemplate find it), with what decides which version a creation of
 * theirs draws: whether their workspace creates only from approved versions (a team's setting), the design's
 * latest approved version, and whether `version` is approved. One statement, so the rule and the approvals a
 * creation goes by are those of one moment: an approval given or withdrawn meanwhile is either seen or not.
 */
export async function findTemplateForUse(
  db: Q,
  id: number,
  userId: number,
  version?: number,
): Promise<
  | (TemplateRow & { approved_only: boolean; latest_approved: number | null; version_approved: boolean })
  | undefined
> {
  const row = await db
    .selectFrom('templates as t')
    .selectAll('t')
    .select((eb) => [
      eb
        .selectFrom('teams')
        .select('teams.approved_only')
        .where('teams.workspace_id', '=', userId)
        .as('rule'),
      eb
        .selectFrom('template_versions as a')
        .select((e) => e.fn.max('a.version').as('v'))
        .whereRef('a.template_id', '=', 't.id')
        .where('a.approved_at', 'is not', null)
        .as('latest_approved'),
      eb
        .selectFrom('template_versions as a')
        .select('a.version')
        .whereRef('a.template_id', '=', 't.id')
        .where('a.approved_at', 'is not', null)
        .where('a.version', '=', version ?? 0)
        .as('version_approved'),
    ])
    .where('t.id', '=', id)
    .where((eb) =>
      version === undefined
        ? eb.or([
            eb.and([eb('t.owner_id', 'is', null), eb('t.active', '=', 1)]),
            eb.and([eb('t.owner_id', '=', userId), eb('t.deleted_at', 'is', null)]),
          ])
        : eb.or([eb('t.owner_id', 'is', null), eb('t.owner_id', '=', userId)]),
    )
    .executeTakeFirst()
  if (!row) return undefined
  const { rule, latest_approved, version_approved, ...template } = row
  return {
    ...template,
    approved_only: Number(rule ?? 0) === 1,
    latest_approved: latest_approved === null ? null : Number(latest_approved),
    version_approved: version_approved !== null,
  }
}

/** A version of a template with who approved it and when (its row must have been found by the caller first). */
export function findVersion(db: Q, templateId: number, version: number) {
  return db
    .selectFrom('template_versions as v')
    .leftJoin('users as u', 'u.id', 'v.approved_by')
    .select(['v.definition', 'v.approved_at', 'u.name as approver'])
    .where('v.template_id', '=', templateId)
    .where('v.version', '=', version)
    .executeTakeFirst()
}

/** A version's document of a template (its row must have been found usable, or owned, by the caller first). */
export async function versionDefinition(
  db: Q,
  templateId: number,
  version: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('template_versions')
    .select('definition')
    .where('template_id', '=', templateId)
    .where('version', '=', version)
    .executeTakeFirst()
  return row?.definition
}

/**
 * The first `perType` active templates of each of the types, in catalogue order (one query: a window
 * function numbers each type's templates, which SQLite and PostgreSQL both run).
 */
export async function firstTemplatesOfTypes(
  db: Q,
  typeIds: number[],
  perType: number,
): Promise<TemplateRow[]> {
  if (typeIds.length === 0) return []
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('templates')
        .selectAll()
        .select(
          sql<number>`row_number() over (partition by template_type_id order by sort_order, id)`.as('rank'),
        )
        .where('active', '=', 1)
        .where('owner_id', 'is', null)
        .where('template_type_id', 'in', typeIds)
        .as('ranked'),
    )
    .selectAll()
    .where('rank', '<=', perType)
    .orderBy('template_type_id')
    .orderBy('rank')
    .execute()
  return rows.map(({ rank: _rank, ...row }) => row)
}

/** The first active template of the catalogue (the first type's first), if any. */
export async function firstTemplateId(db: Q): Promise<number | null> {
  const row = await db
    .selectFrom('templates as t')
    .innerJoin('template_types as y', 'y.id', 't.template_type_id')
    .select('t.id')
    .where('t.active', '=', 1)
    .where('t.owner_id', 'is', null)
    .orderBy('y.sort_order')
    .orderBy('y.id')
    .orderBy('t.sort_order')
    .orderBy('t.id')
    .limit(1)
    .executeTakeFirst()
  return row?.id ?? null
}
