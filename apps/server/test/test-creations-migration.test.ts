import { describe, expect, it } from 'vitest'
import { migrate } from '../src/db/migrations'
import { engines, freshDb } from './harness'

describe.each(engines)('the test-creations migration on %s', (engine) => {
  it('marks the creations of test renders made before it as test, and keeps every other one live', async () => {
    const { db, drop } = await freshDb(engine)
    try {
      await migrate(db, '0190_key_modes')
      const k = db.kysely
      const type = await k
        .insertInto('template_types')
        .values({ slug: 'cards', name: 'Cards', name_zh: '卡片', template_count: 1, sort_order: 0 })
        .returning('id')
        .executeTakeFirstOrThrow()
      const template = await k
        .insertInto('templates')
        .values({
          slug: 'card',
          template_type_id: type.id,
          name: 'Card',
          name_zh: '卡片',
          width: 1,
          height: 1,
          sort_order: 0,
          definition: '{}',
          active: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const user = await k
        .insertInto('users')
        .values({ email: 'ann@example.com', name: 'Ann', password_hash: 'x', created_at: 1 })
        .returning('id')
        .executeTakeFirstOrThrow()
      const creation = async (name: string) =>
        (
          await k
            .insertInto('creations')
            .values({
              user_id: user.id,
              template_id: template.id,
              template_type_id: type.id,
              name,
              field_values: '{}',
              size_id: 'square',
              locale: 'en',
              width: 1,
              height: 1,
              storage_prefix: `creations/${name}`,
              created_at: 1,
              template_version: 1,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id
      const render = (creationId: number | null, livemode: number) =>
        k
          .insertInto('renders')
          .values({
            user_id: user.id,
            api_key_id: null,
            batch_id: null,
            row_number: null,
            template_id: template.id,
            template_version: '1',
            size_id: 'square',
            locale: 'en',
            formats: 'png',
            name: null,
            field_values: '{}',
            webhook_url: null,
            status: creationId === null ? 'failed' : 'completed',
            error: null,
            creation_id: creationId,
            credits_spent: livemode,
            pdf_options: null,
            created_at: 1,
            started_at: 1,
            completed_at: 1,
            livemode,
          })
          .execute()
      const inApp = await creation('made in the app')
      const live = await creation('live render')
      const test = await creation('test render')
      await render(live, 1)
      await render(test, 0)
      // A test render that failed made no creation.
      await render(null, 0)

      expect((await migrate(db)).map((m) => m.migrationName)).toContain('0200_test_creations')
      const rows = await k.selectFrom('creations').select(['id', 'livemode']).orderBy('id').execute()
      expect(rows.map((r) => [Number(r.id), Number(r.livemode)])).toEqual([
        [Number(inApp), 1],
        [Number(live), 1],
        [Number(test), 0],
      ])
    } finally {
      await drop()
    }
  })
})
