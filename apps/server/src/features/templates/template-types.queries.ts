import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'

type Q = Kysely<Database>

export interface TemplateTypeSeed {
  slug: string
  name: string
  templateCount: number
  sortOrder: number
}

/** Inserts the types that are missing (by slug); leaves existing ones as they are. */
export async function insertMissingTemplateTypes(db: Q, seeds: TemplateTypeSeed[]): Promise<void> {
  await db
    .insertInto('template_types')
    .values(
      seeds.map((s) => ({
        slug: s.slug,
        name: s.name,
        template_count: s.templateCount,
        sort_order: s.sortOrder,
      })),
    )
    .onConflict((oc) => oc.column('slug').doNothing())
    .execute()
}

export interface TemplateTypeWithStars {
  id: number
  slug: string
  name: string
  names: { en: string; 'zh-CN': string }
  templateCount: number
  stars: number
  starred: boolean
}

/** Every type in catalogue order, with its star count and whether `userId` (if any) starred it. */
export async function listTemplateTypes(db: Q, userId: number | null): Promise<TemplateTypeWithStars[]> {
  const rows = await db
    .selectFrom('template_types as t')
    .select((eb) => [
      't.id',
      't.slug',
      't.name',
      't.name_zh',
      't.template_count',
      eb
        .selectFrom('template_type_stars as s')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('s.template_type_id', '=', 't.id')
        .as('stars'),
      userId === null
        ? eb.lit(0).as('starred')
        : eb
            .case()
            .when(
              eb.exists(
                eb
                  .selectFrom('template_type_stars as m')
                  .select('m.user_id')
                  .whereRef('m.template_type_id', '=', 't.id')
                  .where('m.user_id', '=', userId),
              ),
            )
            .then(1)
            .else(0)
            .end()
            .as('starred'),
    ])
    // A type without templates in the catalogue is not shown (nothing to pick in it).
    .where('t.template_count', '>', 0)
    .orderBy('t.sort_order')
    .orderBy('t.id')
    .execute()
  return rows.map((r) => ({
    ...typeRowOf(r),
    stars: Number(r.stars ?? 0),
    starred: Number(r.starred) === 1,
  }))
}

export async function templateTypeExists(db: Q, id: number): Promise<boolean> {
  const row = await db.selectFrom('template_types').select('id').where('id', '=', id).executeTakeFirst()
  return row !== undefined
}

export async function addStar(db: Q, templateTypeId: number, userId: number, now: number): Promise<void> {
  await db
    .insertInto('template_type_stars')
    .values({ template_type_id: templateTypeId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(['template_type_id', 'user_id']).doNothing())
    .execute()
}

export async function removeStar(db: Q, templateTypeId: number, userId: number): Promise<void> {
  await db
    .deleteFrom('template_type_stars')
    .where('template_type_id', '=', templateTypeId)
    .where('user_id', '=', userId)
    .execute()
}

export async function starCount(db: Q, templateTypeId: number): Promise<number> {
  const row = await db
    .selectFrom('template_type_stars')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('template_type_id', '=', templateTypeId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export interface StarredTemplateType {
  id: number
  slug: string
  name: string
  names: { en: string; 'zh-CN': string }
  templateCount: number
}

/** The types `userId` starred that hold templates, in catalogue order. */
export async function starredTemplateTypes(db: Q, userId: number): Promise<StarredTemplateType[]> {
  const rows = await db
    .selectFrom('template_types as t')
    .innerJoin('template_type_stars as s', 's.template_type_id', 't.id')
    .select(['t.id', 't.slug', 't.name', 't.name_zh', 't.template_count'])
    .where('s.user_id', '=', userId)
    .where('t.template_count', '>', 0)
    .orderBy('t.sort_order')
    .orderBy('t.id')
    .execute()
  return rows.map(typeRowOf)
}

/** A type row as both listings name it (the Chinese name falls back to the English one). */
function typeRowOf(r: {
  id: number
  slug: string
  name: string
  name_zh: string
  template_count: number
}): StarredTemplateType {
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    names: { en: r.name, 'zh-CN': r.name_zh || r.name },
    templateCount: r.template_count,
  }
}
