import { type Kysely, type Migration, sql } from 'kysely'

/**
 * The types whose parameters name the team a notification is about (`team` in the contract's
 * `notificationParams`), as they were when this migration was written: a migration must not change with the
 * contract after it ran.
 */
const TYPES_NAMING_A_TEAM = new Set([
  'creation_ready',
  'batch_completed',
  'comment_mention',
  'purchase_paid',
  'purchase_failed',
  'subscription_renewed',
  'subscription_cancelled',
  'subscription_resumed',
  'credits_low',
])

/**
 * Notifications an older release stored on a team's workspace row (`users.kind` `team`: its creations, batches,
 * credits and plan), which no one signs in as and so no one could read, go to the team's owner (ADR 0211), naming
 * the team (as it is named now) where the type can. A grouped one takes the team's form of its key
 * (`creations:team:<team>:<hour>`, apart from the owner's own creations of that hour); one whose key the owner
 * already holds keeps standing alone. A team without an owner (being deleted) keeps them, and takes them with it.
 */
export function migration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const rows = await sql<{
        id: number | string
        type: string
        params: string
        group_key: string | null
        team_id: number | string
        team_name: string
        owner_id: number | string
      }>`
        select n.id, n.type, n.params, n.group_key, t.id as team_id, t.name as team_name, o.user_id as owner_id
        from notifications n
        join users u on u.id = n.user_id and u.kind = 'team'
        join teams t on t.workspace_id = u.id
        join team_members o on o.team_id = t.id and o.role = 'owner'
        order by n.id`.execute(db)
      for (const r of rows.rows) {
        const teamId = Number(r.team_id)
        const ownerId = Number(r.owner_id)
        const params = JSON.parse(r.params) as Record<string, unknown>
        if (TYPES_NAMING_A_TEAM.has(r.type) && params.team === undefined)
          params.team = { id: teamId, name: r.team_name }
        let key = r.group_key
        if (key?.startsWith('creations:') && !key.startsWith('creations:team:'))
          key = `creations:team:${teamId}:${key.slice('creations:'.length)}`
        if (key !== null) {
          const taken = await sql`
            select 1 from notifications where user_id = ${ownerId} and group_key = ${key}`.execute(db)
          if (taken.rows.length > 0) key = null
        }
        await sql`
          update notifications set user_id = ${ownerId}, params = ${JSON.stringify(params)}, group_key = ${key}
          where id = ${r.id}`.execute(db)
      }
    },
  }
}
