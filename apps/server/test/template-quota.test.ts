import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  insertOwnTemplate,
  ownSlug,
  type TemplateFacts,
} from '../src/features/templates/template-library.queries'
import { TemplateQuota, TemplateQuotaExceeded } from '../src/features/templates/template-quota'
import { databaseRateLimitStore, RateLimiter } from '../src/services/rate-limit'
import { engines, startServer, type TestServer } from './harness'
import { allTemplates } from './media/catalogue'

/** A free account keeps 1 MB of templates here; a padded document takes about a third of it. */
const env = {
  TEMPLATE_QUOTA_MB_FREE: '1',
  TEMPLATE_SAVE_LIMIT: '8',
  TEMPLATE_MAX_LAYER_TEXT: '400000',
  TEMPLATE_MAX_TEXT: '400000',
}
const PADDING = 340_000

type Saved = { id: number; version: number }

/**
 * Template saves are bounded per account: saves per window (a 429 past it) and the bytes every version of the
 * account's templates keeps, by plan (a 403 naming both figures), checked in the save's transaction so saves at
 * once, from one server or two, cannot together pass it.
 */
describe.each(engines)('the template quota on %s', (engine) => {
  let s: TestServer
  let source: { document: Record<string, unknown> }
  beforeAll(async () => {
    s = await startServer(engine, env)
    const { token } = await s.signUp()
    const quote = (await allTemplates(s)).find((t) => t.slug === 'bold-quote')
    source = (await s.call('GET', '/template/document', { token, query: { id: Number(quote?.id) } })).data
  })
  afterAll(() => s.close())

  /** The catalogue document with a hidden copy of a text layer holding `PADDING` characters: about 340 kB saved. */
  const padded = () => {
    const layers = source.document.layers as Array<Record<string, unknown>>
    const text = layers.find((l) => l.type === 'text')
    return {
      ...source.document,
      layers: [...layers, { ...text, id: 'padding', hidden: true, text: 'x'.repeat(PADDING) }],
    }
  }
  const save = (token: string, body: Record<string, unknown>, on: TestServer = s) =>
    on.call<Saved>('POST', '/template/save', { token, body: { name: 'Big', ...body } })

  it('refuses the save that would pass the plan’s room, naming both figures; deleting a template makes room', async () => {
    const { token } = await s.signUp()
    const saved: Saved[] = []
    for (let i = 0; i < 3; i += 1) {
      const r = await save(token, { document: padded() })
      expect(r.code, r.msg).toBe(0)
      saved.push(r.data)
    }
    // A new version of a kept template adds its whole document too.
    const more = await save(token, { id: saved[0]?.id, document: padded() })
    expect(more.code).toBe(403)
    expect(more.msg).toMatch(
      /^Saving this would take your templates to 1\.3 MB, past the 1 MB your plan keeps \(every saved version counts\): delete templates you no longer use, or subscribe for more room$/,
    )
    // Nothing of the refused save was kept.
    const doc = await s.call('GET', '/template/document', { token, query: { id: Number(saved[0]?.id) } })
    expect(doc.data.version).toBe(1)

    const gone = await s.call('POST', '/template/delete', { token, body: { id: saved[1]?.id } })
    expect(gone.code).toBe(0)
    expect((await save(token, { id: saved[0]?.id, document: padded() })).code).toBe(0)
  }, 120_000)

  it('saves at once from two servers fill the room and no more: three fit, the other three are refused', async () => {
    const { token } = await s.signUp()
    const twin = await s.twin(env)
    try {
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => save(token, { document: padded() }, i % 2 ? twin : s)),
      )
      expect(answers.map((r) => r.code).sort()).toEqual([0, 0, 0, 403, 403, 403])
      const mine = await s.call('GET', '/template/mine', { token })
      expect(mine.total).toBe(3)
    } finally {
      await twin.close()
    }
  }, 180_000)

  it('refuses saves past the rate with a 429 that says when to try again', async () => {
    const { token } = await s.signUp()
    const first = await save(token, { document: source.document })
    expect(first.code).toBe(0)
    for (let i = 1; i < 8; i += 1)
      expect((await save(token, { id: first.data.id, document: source.document })).code).toBe(0)
    const ninth = await save(token, { id: first.data.id, document: source.document })
    expect(ninth.code).toBe(429)
    // Another account saves as usual.
    const other = await s.signUp()
    expect((await save(other.token, { document: source.document })).code).toBe(0)
  }, 120_000)

  it('two saves checked at once on two connections: the second waits for the first and counts its version', async () => {
    const { user } = await s.signUp()
    const twin = await s.twin(env)
    const quota = (server: TestServer) =>
      new TemplateQuota({
        quota: { freeBytes: 1500, planBytes: [1500, 1500, 1500] },
        rate: { limit: 100, windowSeconds: 60 },
        limiter: new RateLimiter(databaseRateLimitStore(server.db), Date.now),
      })
    const typeId = (await s.db.kysely.selectFrom('template_types').select('id').executeTakeFirstOrThrow()).id
    /** A 1 kB template saved with the quota's check, held open 300 ms after it so the other save's check comes. */
    const saveHeld = async (server: TestServer) => {
      const slug = ownSlug()
      const facts: TemplateFacts = {
        name: 'Held',
        typeId,
        width: 100,
        height: 100,
        definition: JSON.stringify({ id: slug, pad: 'x'.repeat(1000) }),
        uploadIds: [],
      }
      const guard = await quota(server).saving(user.id, null)
      return insertOwnTemplate(server.db.kysely, user.id, slug, facts, Date.now(), async (trx, bytes) => {
        await guard(trx, bytes)
        await new Promise((resolve) => setTimeout(resolve, 300))
      }).then(
        () => 'saved',
        (e: unknown) => (e instanceof TemplateQuotaExceeded ? 'refused' : e),
      )
    }
    try {
      expect((await Promise.all([saveHeld(s), saveHeld(twin)])).sort()).toEqual(['refused', 'saved'])
    } finally {
      await twin.close()
    }
  }, 60_000)
})
