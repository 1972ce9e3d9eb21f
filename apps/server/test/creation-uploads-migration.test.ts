import { describe, expect, it } from 'vitest'
import { migrate } from '../src/db/migrations'
import { engines, freshDb } from './harness'

describe.each(engines)('the creation_uploads migration on %s', (engine) => {
  it('records the uploads existing creations draw, of their own user only, so the sweep keeps them', async () => {
    const { db, drop } = await freshDb(engine)
    try {
      await migrate(db, '0010_login_throttle')
      const k = db.kysely
      // A template as the catalogue had it at this migration (the catalogue's own sync needs later columns).
      const type = await k
        .insertInto('template_types')
        .values({ slug: 'cards', name: 'Cards', name_zh: '卡片', template_count: 1, sort_order: 0 })
        .returning('id')
        .executeTakeFirstOrThrow()
      await k
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
        .execute()
      const template = await k
        .selectFrom('templates')
        .select(['id', 'template_type_id'])
        .executeTakeFirstOrThrow()
      const user = async (email: string) =>
        (
          await k
            .insertInto('users')
            .values({ email, name: email, password_hash: 'x', created_at: 1 })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id
      const upload = async (userId: number, key: string) =>
        (
          await k
            .insertInto('uploads')
            .values({
              user_id: userId,
              storage_key: key,
              content_type: 'image/png',
              width: 1,
              height: 1,
              bytes: 1,
              created_at: 1,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id
      const ann = await user('ann@example.com')
      const bob = await user('bob@example.com')
      const photo = await upload(ann, 'uploads/a.png')
      const unused = await upload(ann, 'uploads/b.png')
      const bobs = await upload(bob, 'uploads/c.png')
      const creation = await k
        .insertInto('creations')
        .values({
          user_id: ann,
          template_id: template.id,
          template_type_id: template.template_type_id,
          name: 'Card',
          // A photo with a focal point, a text that looks like an id, and someone else's upload id.
          field_values: JSON.stringify({ photo: `${photo}@0.25,0.6`, title: 'Hello', other: String(bobs) }),
          size_id: 'square',
          locale: 'en',
          width: 1,
          height: 1,
          storage_prefix: 'creations/x',
          created_at: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow()

      const applied = await migrate(db)
      expect(applied.map((m) => m.migrationName)).toContain('0011_creation_uploads')
      const refs = await k.selectFrom('creation_uploads').selectAll().execute()
      expect(refs.map((r) => [Number(r.creation_id), Number(r.upload_id)])).toEqual([
        [Number(creation.id), Number(photo)],
      ])
      expect(refs.some((r) => Number(r.upload_id) === Number(unused))).toBe(false)
    } finally {
      await drop()
    }
  })
})
