import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshDb } from './harness'
import { type ServerProcess, startProcess } from './process'
import { holdStream } from './sse-client'

const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' }

/**
 * The live stream across two real server processes on one PostgreSQL (docs/product.md#notifications, #scaling-out): LISTEN/NOTIFY
 * carries an event raised by one process to the streams held by the other. SQLite's live path is in-process
 * (one process), covered by notification-stream.test.ts.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('notification stream across two server processes', () => {
  let a: ServerProcess
  let b: ServerProcess
  let databaseUrl: string
  let cleanup: () => Promise<void>
  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'templet-stream-'))
    const fresh = await freshDb('postgres')
    await fresh.db.close()
    databaseUrl = fresh.url ?? ''
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REGISTER_LIMIT: '100',
      ARGON2_MEMORY_KIB: '64',
      ARGON2_TIME_COST: '1',
    }
    ;[a, b] = await Promise.all([startProcess(env), startProcess(env)])
    cleanup = async () => {
      await Promise.all([a.stop('SIGKILL'), b.stop('SIGKILL')])
      await fresh.drop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  }, 180_000)
  afterAll(() => cleanup())

  const call = async (server: ServerProcess, p: string, body: unknown, token?: string) => {
    const res = await fetch(`${server.url}/api${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bucket ${token}` } : {}) },
      body: JSON.stringify(body),
    })
    // biome-ignore lint/suspicious/noExplicitAny: the assertions read the reply
    return (await res.json()) as { code: number; msg: string; data: any }
  }
  const register = async (server: ServerProcess) => {
    const r = await call(server, '/user/register', {
      email: `s${Math.random().toString(36).slice(2)}@example.com`,
      password: 'long enough',
    })
    expect(r.code, r.msg).toBe(0)
    return r.data.token as string
  }
  const buy = async (server: ServerProcess, token: string) => {
    const c = await call(
      server,
      '/checkout/create',
      { offerId: 'main/payment-49-9', variant: 'checkout' },
      token,
    )
    expect(c.code, c.msg).toBe(0)
    const paid = await call(server, '/checkout/pay', { checkoutId: c.data.checkoutId, ...card }, token)
    expect(paid.code, paid.msg).toBe(0)
  }

  // How soon is bench/stream.bench.ts's to measure; a busy machine must not fail these (the waits are generous).
  it("a purchase on one process reaches the buyer's streams on both, and no one else's", async () => {
    const buyer = await register(a)
    const bystander = await register(a)
    const onB = await holdStream(b.url, buyer)
    const onA = await holdStream(a.url, buyer)
    const other = await holdStream(b.url, bystander)
    await buy(a, buyer)
    const [eb] = await onB.waitForEvents(1)
    const [ea] = await onA.waitForEvents(1)
    expect(JSON.parse(eb?.data ?? '{}')).toMatchObject({ type: 'purchase_paid' })
    expect(ea?.id).toBe(eb?.id)
    // The bystander's own purchase, made after: LISTEN/NOTIFY keeps the order of the commits, so the buyer's
    // event sent to the bystander would have arrived before it.
    await buy(a, bystander)
    const [own] = await other.waitForEvents(1)
    expect(JSON.parse(own?.data ?? '{}')).toMatchObject({ type: 'purchase_paid' })
    expect(own?.id).not.toBe(eb?.id)
    expect(other.events).toHaveLength(1)
    for (const h of [onA, onB, other]) h.close()
  })

  it("a logout on one process closes that token's stream on the other", async () => {
    const token = await register(a)
    const onB = await holdStream(b.url, token)
    expect((await call(a, '/user/logout', {}, token)).code).toBe(0)
    await onB.ended
  })

  it('keeps delivering after the listening connection was cut (it reconnects)', async () => {
    const token = await register(a)
    const onB = await holdStream(b.url, token)
    const admin = new pg.Client({ connectionString: databaseUrl })
    await admin.connect()
    const killed = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = 'templet-listen' and datname = current_database()`,
    )
    expect(killed.rowCount).toBe(2)
    // The stream itself is unaffected; each process listens again after its backoff (100 ms first): waited
    // for (bounded) by their listening connections coming back.
    for (let i = 0; i < 100; i++) {
      const listening = await admin.query(
        `select count(*)::int as n from pg_stat_activity
          where application_name = 'templet-listen' and datname = current_database()`,
      )
      if (listening.rows[0].n >= 2) break
      await new Promise((r) => setTimeout(r, 100))
    }
    await admin.end()
    await buy(a, token)
    const [e] = await onB.waitForEvents(1)
    expect(JSON.parse(e?.data ?? '{}')).toMatchObject({ type: 'purchase_paid' })
    onB.close()
  })

  it('a draining shutdown ends the open streams and the process exits by itself', async () => {
    const token = await register(b)
    const onB = await holdStream(b.url, token)
    const code = await b.stop('SIGTERM')
    await onB.ended
    // 0: it stopped once the streams were ended, not at the shutdown limit (which exits 1).
    expect(code).toBe(0)
    expect(b.output()).toContain('"msg":"stopped"')
    expect(b.output()).not.toContain('shutdown timed out')
  })
})
