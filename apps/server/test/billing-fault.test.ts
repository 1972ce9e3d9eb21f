import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { engines, freshDb, testEnv } from './harness'
import { listeningUrl } from './process'

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

interface Running {
  url: string
  child: ChildProcess
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/** Starts the real server process (src/main.ts) and waits for its "listening" line. */
async function startProcess(env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, ...testEnv(), PORT: '0', LOG_LEVEL: 'info', DATABASE_URL: '', ...env },
  })
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  let out = ''
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (b: Buffer) => {
      out += b.toString()
      const listening = listeningUrl(out)
      if (listening) resolve(listening)
    })
    child.stderr?.on('data', (b: Buffer) => {
      out += b.toString()
    })
    void exited.then(({ code }) => reject(new Error(`exited with ${code}: ${out}`)))
  })
  return { url, child, exited }
}

async function api(url: string, p: string, body?: unknown, token?: string) {
  const res = await fetch(`${url}/api${p}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bucket ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  // biome-ignore lint/suspicious/noExplicitAny: checked by the assertions that read it
  return (await res.json()) as { code: number; msg: string; data: any; total?: number }
}

async function stop(r: Running) {
  r.child.kill('SIGTERM')
  expect((await r.exited).code).toBe(0)
}

describe.each(engines)('a crash between charging and granting, on %s', (engine) => {
  it('loses no paid credit and grants none twice after a restart', async () => {
    const { db, drop, reopen, url: databaseUrl, dataDir } = await freshDb(engine)
    await db.close()
    const where: Record<string, string> =
      engine === 'postgres' ? { DATABASE_URL: databaseUrl as string } : { DATA_DIR: dataDir as string }
    try {
      const crashing = await startProcess({ ...where, TEMPLET_FAULT: 'crash-after-charge' })
      const reg = await api(crashing.url, '/user/register', {
        email: `fault-${engine}@example.com`,
        password: 'correct horse battery',
      })
      const token = reg.data.token as string
      const co = await api(
        crashing.url,
        '/checkout/create',
        { offerId: 'main/payment-139-9', variant: 'checkout' },
        token,
      )
      const card = {
        checkoutId: co.data.checkoutId,
        cardNumber: '4242424242424242',
        expiry: '12/39',
        cvc: '123',
      }
      await expect(api(crashing.url, '/checkout/pay', card, token)).rejects.toThrow()
      expect(await crashing.exited).toEqual({ code: null, signal: 'SIGKILL' })
      const look = reopen()
      const row = await look.kysely
        .selectFrom('checkouts')
        .select('status')
        .where('id', '=', card.checkoutId)
        .executeTakeFirst()
      const ledger = await look.kysely
        .selectFrom('credit_ledger')
        .select('delta')
        .where('user_id', '=', reg.data.user.id)
        .execute()
      await look.close()
      expect(row?.status).toBe('charged')
      expect(ledger.map((l) => l.delta)).toEqual([5])

      // The money is taken and nothing is granted yet: the start grants it before taking requests.
      const restarted = await startProcess(where)
      const me = await api(restarted.url, '/user/my-info', undefined, token)
      expect(me.data.credits).toBe(5 + 400)
      const again = await api(restarted.url, '/checkout/pay', card, token)
      expect(again.data).toMatchObject({ status: 'paid', balance: 405 })
      const list = await api(restarted.url, '/purchase/list', undefined, token)
      expect(list.total).toBe(1)
      expect(list.data[0]).toMatchObject({ id: again.data.purchase.id, status: 'paid', credits: 400 })
      await stop(restarted)

      const third = await startProcess(where)
      expect((await api(third.url, '/user/my-info', undefined, token)).data.credits).toBe(405)
      const notes = await api(third.url, '/user/my-notification?page=1&pageSize=10', undefined, token)
      expect(notes.data.filter((n: { type: string }) => n.type === 'purchase_paid')).toHaveLength(1)
      await stop(third)
    } finally {
      await drop()
    }
  }, 60_000)
})
