import type { Kysely } from 'kysely'
import type { Database, TemplateCommentTable } from '../../db/schema'

type Q = Kysely<Database>

export async function insertComment(
  db: Q,
  row: Omit<TemplateCommentTable, 'id' | 'resolved_at' | 'resolved_by'>,
): Promise<number> {
  const { id } = await db
    .insertInto('template_comments')
    .values({ ...row, resolved_at: null, resolved_by: null })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(id)
}

/** `templateId`'s comments and replies with their authors' names, the oldest first. */
export function commentsOf(db: Q, templateId: number) {
  return db
    .selectFrom('template_comments as c')
    .leftJoin('users as u', 'u.id', 'c.author_id')
    .select([
      'c.id',
      'c.parent_id',
      'c.version',
      'c.page',
      'c.x',
      'c.y',
      'c.text',
      'c.author_id',
      'c.author_name',
      'u.name as member_name',
      'c.resolved_at',
      'c.created_at',
    ])
    .where('c.template_id', '=', templateId)
    .orderBy('c.id')
    .execute()
}

export function findComment(db: Q, id: number) {
  return db
    .selectFrom('template_comments')
    .select(['id', 'template_id', 'parent_id', 'version', 'page', 'x', 'y'])
    .where('id', '=', id)
    .executeTakeFirst()
}

export async function setResolved(db: Q, id: number, by: number | null, at: number | null) {
  await db
    .updateTable('template_comments')
    .set({ resolved_at: at, resolved_by: at === null ? null : by })
    .where('id', '=', id)
    .execute()
}

/**
 * The people of workspace `workspaceId`, whom its designs' comments may mention: a team's members, or the person
 * whose own workspace it is; with the team, when it is one.
 */
export async function workspacePeople(db: Q, workspaceId: number) {
  const team = await db
    .selectFrom('teams')
    .select(['id', 'name'])
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst()
  const people = team
    ? await db
        .selectFrom('team_members as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['u.id', 'u.name', 'u.email'])
        .where('m.team_id', '=', team.id)
        .orderBy('u.name')
        .orderBy('u.id')
        .execute()
    : await db
        .selectFrom('users')
        .select(['id', 'name', 'email'])
        .where('id', '=', workspaceId)
        .where('kind', '=', 'person')
        .where('deleted_at', 'is', null)
        .execute()
  return {
    team: team ? { id: Number(team.id), name: team.name } : undefined,
    people: people.map((p) => ({ userId: Number(p.id), name: p.name, email: p.email })),
  }
}
