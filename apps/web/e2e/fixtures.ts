import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { test as base, expect, type Page } from '@playwright/test'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const serverMain = path.join(repoRoot, 'apps/server/dist/main.js')
const webDist = path.join(repoRoot, 'apps/web/dist')

/** Every public page without parameters (docs/product.md#screens); each is pre-rendered (PRERENDERED_PATHS). */
export const PUBLIC_PATHS = [
  '/',
  '/login',
  '/register',
  '/refund',
  '/privacy',
  '/terms',
  '/subscription',
  '/contact-us',
  '/about-us',
  '/examplesA',
  '/examplesB',
  '/examplesC',
  '/review',
]

/** A real Templet server (apps/server/dist) on a free port with a fresh SQLite data directory. */
export interface TempletServer {
  url: string
  dataDir: string
  stop(): Promise<void>
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

/** `env` adds to or overrides the server's environment (e.g. a grace period of 0 days). */
export async function startServer(env: Record<string, string> = {}): Promise<TempletServer> {
  const port = await freePort()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'templet-web-e2e-'))
  const child: ChildProcess = spawn(process.execPath, [serverMain], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      LOG_LEVEL: 'warn',
      // Many accounts are made from one IP; the limits themselves are the server's tests' business.
      REGISTER_LIMIT: '100000',
      LOGIN_IP_LIMIT: '100000',
      LOGIN_FAILURE_LIMIT: '100000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`)
    try {
      const response = await fetch(`${url}/api/openapi.json`)
      if (response.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start within 60 s')
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    url,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM')
        await exited
      }
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export interface Account {
  email: string
  password: string
  name: string
  token: string
  id: number
}

let counter = 0
/** A new account, made through the API. */
export async function registerUser(server: TempletServer, name = 'Ada Lovelace'): Promise<Account> {
  counter += 1
  const email = `user-${process.pid}-${Date.now()}-${counter}@example.com`
  const password = 'correct horse battery'
  const response = await fetch(`${server.url}/api/user/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, name }),
  })
  const body = (await response.json()) as { code: number; data: { token: string; user: { id: number } } }
  expect(body.code).toBe(0)
  return { email, password, name, token: body.data.token, id: body.data.user.id }
}

/** Calls the API as `account` (in a team's workspace with `headers: { Team: id }`). */
export async function apiAs(
  server: TempletServer,
  token: string,
  method: string,
  apiPath: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${server.url}/api${apiPath}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bucket ${token}`, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return (await response.json()) as { code: number; msg: string; data: unknown; total?: number }
}

type SolidPng = (o: { create: { width: number; height: number; channels: 3; background: string } }) => {
  png(): { toBuffer(): Promise<Buffer> }
}

/** A PNG of one colour, as a customer's photo or a designer's logo file. */
export function solidPng(width: number, height: number, background: string): Promise<Buffer> {
  const sharp = createRequire(path.join(repoRoot, 'apps/server/package.json'))('sharp') as SolidPng
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer()
}

/** Uploads `image` as the account's through the API, under a file name as the upload button sends it; its id. */
export async function uploadImage(
  server: TempletServer,
  token: string,
  image: Buffer,
  name = 'photo.png',
): Promise<number> {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), name)
  const res = await fetch(`${server.url}/api/upload/image`, {
    method: 'POST',
    headers: { authorization: `Bucket ${token}` },
    body: form,
  })
  const reply = (await res.json()) as { code: number; data: { id: number } }
  expect(reply.code).toBe(0)
  return reply.data.id
}

/** A card the payment provider of the tests accepts. */
export const PAYS = { cardNumber: '4242424242424242', expiry: '12/39', cvc: '123' }

/** Buys the 100-credit pack through the API; returns the purchase's id. */
export async function buyCredits(server: TempletServer, account: Account): Promise<number> {
  const checkout = await apiAs(server, account.token, 'POST', '/checkout/create', {
    offerId: 'main/payment-49-9',
    variant: 'checkout',
  })
  const { checkoutId } = checkout.data as { checkoutId: string }
  const paid = await apiAs(server, account.token, 'POST', '/checkout/pay', { checkoutId, ...PAYS })
  expect(paid.code).toBe(0)
  return (paid.data as { purchase: { id: number } }).purchase.id
}

/** Holds back the app's code (src/start.tsx) until `release` is called: the page as it is before the app runs. */
export async function holdApp(page: Page) {
  let release: () => void = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/assets/start-*.js', async (route) => {
    await released
    await route.continue()
  })
  return () => release()
}

/**
 * Stores `account`'s session the way the app does after sign-in (src/session/session.ts), on the origin of the
 * page that is open: the record in localStorage and the hint cookie with which the server sends pages.
 */
export async function storeSession(page: Page, account: Account) {
  await page.evaluate(
    ([token, id, email, name]) =>
      localStorage.setItem('user', JSON.stringify({ token, user: { id, email, name } })),
    [account.token, account.id, account.email, account.name] as const,
  )
  await page.context().addCookies([{ name: 'templet_signed_in', value: '1', url: page.url() }])
}

/** Signs `account` in on the app's origin, as the app does, and opens `landing`. */
export async function signIn(page: Page, account: Account, landing = '/dashboard') {
  await page.goto('/about-us')
  await storeSession(page, account)
  await page.goto(landing)
}

interface SqliteDb {
  pragma(sql: string): unknown
  prepare(sql: string): { run(...values: unknown[]): unknown; get(...values: unknown[]): unknown }
  transaction(fn: () => void): () => void
  close(): void
}

/**
 * Runs `work` on the server's SQLite file, for a state the API has no way to raise on demand; the server gets
 * no backdoor.
 */
function withServerDatabase<T>(server: TempletServer, work: (db: SqliteDb) => T): T {
  const require = createRequire(path.join(repoRoot, 'apps/server/package.json'))
  const Database = require('better-sqlite3') as new (file: string) => SqliteDb
  const db = new Database(path.join(server.dataDir, 'templet.db'))
  try {
    db.pragma('busy_timeout = 5000')
    return work(db)
  } finally {
    db.close()
  }
}

/** Adds `count` unread notifications to an account (they come from purchases and renders). */
export function seedNotifications(server: TempletServer, userId: number, count: number) {
  withServerDatabase(server, (db) => {
    const insert = db.prepare(
      'INSERT INTO notifications (user_id, type, params, checked, created_at) VALUES (?, ?, ?, 0, ?)',
    )
    const now = Date.now()
    db.transaction(() => {
      for (let i = 0; i < count; i += 1) {
        insert.run(userId, 'credits_low', JSON.stringify({ balance: i % 3, threshold: 3 }), now + i)
      }
    })()
  })
}

/** Gives a team's workspace `amount` credits (a team buys none yet). */
export function grantTeamCredits(server: TempletServer, teamId: number, amount: number) {
  withServerDatabase(server, (db) => {
    const team = db.prepare('SELECT workspace_id FROM teams WHERE id = ?').get(teamId) as {
      workspace_id: number
    }
    db.prepare('INSERT INTO credit_ledger (user_id, delta, reason, created_at) VALUES (?, ?, ?, ?)').run(
      team.workspace_id,
      amount,
      'grant',
      Date.now(),
    )
  })
}

/** One real server per worker, and `baseURL` pointing at it. */
export const test = base.extend<object, { server: TempletServer }>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    async ({}, use) => {
      const server = await startServer()
      await use(server)
      await server.stop()
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url)
  },
  locale: 'en-US',
})

export { expect }
