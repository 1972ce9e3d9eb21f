import type { Kysely, Migration } from 'kysely'
import { eventFromText } from '../legacy-notification-text'

/**
 * Notifications were stored as English sentences, which a Chinese reader then saw in English. They become a type
 * and its parameters (the figures read back out of the old sentences); a sentence that cannot be read keeps its
 * text as a `message`.
 */
export function migration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('notifications')
        .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
        .execute()
      const q = db as unknown as Kysely<{
        notifications: { id: number; type: string; title: string; content: string; params: string }
      }>
      let after = 0
      for (;;) {
        const rows = await q
          .selectFrom('notifications')
          .select(['id', 'type', 'title', 'content'])
          .where('id', '>', after)
          .orderBy('id')
          .limit(500)
          .execute()
        if (rows.length === 0) break
        for (const r of rows) {
          const e = eventFromText(r.type, r.title, r.content)
          await q
            .updateTable('notifications')
            .set({ type: e.type, params: JSON.stringify(e.params) })
            .where('id', '=', r.id)
            .execute()
        }
        after = Number(rows.at(-1)?.id)
      }
      await db.schema.alterTable('notifications').dropColumn('title').execute()
      await db.schema.alterTable('notifications').dropColumn('content').execute()
    },
  }
}
