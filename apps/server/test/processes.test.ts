import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines, freshDb } from './harness'
import { type ServerProcess, startProcess } from './process'

/** Two real server processes on one database (docs/product.md#scaling-out): what one does, the other sees. */
describe.each(engines)('two server processes on one %s database', (engine) => {
  let env: Record<string, string>
  let a: ServerProcess
  let b: ServerProcess
  let cleanup: () => Promise<void>
  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'templet-processes-'))
    let databaseUrl = ''
    let drop = async () => {}
    if (engine === 'postgres') {
      const fresh = await freshDb(engine)
      await fresh.db.close()
      databaseUrl = fresh.url ?? ''
      drop = fresh.drop
    }
    env = {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      TRUST_PROXY: '1',
      REGISTER_LIMIT: '3',
      ARGON2_MEMORY_KIB: '64',
      ARGON2_TIME_COST: '1',
    }
    // The first one migrates; starting both at once also shows that migrations tolerate a race.
    ;[a, b] = await Promise.all([startProcess(env), startProcess(env)])
    cleanup = async () => {
      await Promise.all([a.stop('SIGKILL'), b.stop('SIGKILL')])
      await drop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  }, 180_000)
  afterAll(() => cleanup())

  const call = async (
    server: ServerProcess,
    p: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await fetch(`${server.url}/api${p}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    // biome-ignore lint/suspicious/noExplicitAny: the assertions read the reply
    return (await res.json()) as { code: number; data: any }
  }
  const register = (server: ServerProcess, ip: string) =>
    call(
      server,
      '/user/register',
      { email: `p${Math.random().toString(36).slice(2)}@example.com`, password: 'long enough' },
      { 'x-forwarded-for': ip },
    )

  it('accepts on one process a session made on the other, and a logout on either ends it on both', async () => {
    const made = await register(a, '198.51.100.1')
    expect(made.code).toBe(0)
    const auth = { authorization: `Bucket ${made.data.token}` }
    expect((await call(b, '/user/my-info', undefined, auth)).data.email).toBe(made.data.user.email)
    expect((await call(b, '/user/logout', {}, auth)).code).toBe(0)
    expect((await call(a, '/user/my-info', undefined, auth)).code).toBe(401)
  }, 120_000)

  it('shares a rate limit: the processes together allow the limit once, also after a restart', async () => {
    const ip = '198.51.100.2'
    const first = await Promise.all([register(a, ip), register(b, ip), register(a, ip), register(b, ip)])
    expect(first.filter((r) => r.code === 0)).toHaveLength(3)
    expect(first.filter((r) => r.code === 429)).toHaveLength(1)
    await a.stop('SIGTERM')
    a = await startProcess(env)
    expect((await register(a, ip)).code).toBe(429)
  }, 120_000)

  it('creations made at once on both processes are one notification per hour, counting them all', async () => {
    const made = await register(a, '198.51.100.4')
    const auth = { authorization: `Bucket ${made.data.token}` }
    const templates = await call(a, '/template/list?pageSize=100', undefined, auth)
    const templateId = (templates.data as { id: number; name: string }[]).find(
      (t) => t.name === 'Seasonal sale',
    )?.id
    // The account's 5 free credits, spent at once from both processes.
    const created = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        call(i % 2 === 0 ? a : b, '/creation/create', { templateId, values: {}, name: `Banner ${i}` }, auth),
      ),
    )
    expect(created.map((r) => r.code)).toEqual([0, 0, 0, 0, 0])
    const notes = await call(b, '/user/my-notification?pageSize=100', undefined, auth)
    const ready = (notes.data as { type: string; params: { count?: number } }[]).filter(
      (n) => n.type === 'creation_ready',
    )
    // One per clock hour the creations fell in (one, unless the test ran across the hour), counting all five.
    const hours = new Set(created.map((r) => Math.floor(Date.parse(r.data.createdAt) / 3_600_000)))
    expect(ready).toHaveLength(hours.size)
    expect(ready.reduce((sum, n) => sum + (n.params.count ?? 1), 0)).toBe(5)
  })

  it('keeps serving on one process when the other is killed with SIGKILL', async () => {
    await b.stop('SIGKILL')
    const made = await register(a, '198.51.100.3')
    expect(made.code).toBe(0)
    b = await startProcess(env)
    const auth = { authorization: `Bucket ${made.data.token}` }
    expect((await call(b, '/user/my-info', undefined, auth)).code).toBe(0)
  }, 120_000)
})
