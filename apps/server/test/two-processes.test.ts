import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listeningUrl } from './process'

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const adminUrl = process.env.TEST_DATABASE_URL

/** Starts the real server (src/main.ts) and resolves with its URL once it listens. */
function startMain(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', DEMO_DATA: '0', ...env },
  })
  let out = ''
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (b: Buffer) => {
      out += b.toString()
      const url = listeningUrl(out)
      if (url) resolve({ url, child })
    })
    child.stderr?.on('data', (b: Buffer) => {
      out += b.toString()
    })
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${out}`)))
  })
}

async function post(url: string, p: string, body: unknown, token?: string) {
  const res = await fetch(`${url}/api${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bucket ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  // biome-ignore lint/suspicious/noExplicitAny: the assertions read the reply
  return (await res.json()) as { code: number; data: any }
}

describe.skipIf(!adminUrl)('two server processes on one PostgreSQL', () => {
  const name = `templet_test_${randomBytes(6).toString('hex')}`
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'templet-two-'))
  const servers: { url: string; child: ChildProcess }[] = []

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`create database ${name}`)
    await admin.end()
    const url = new URL(adminUrl as string)
    url.pathname = `/${name}`
    // Both start at once: migrations, the catalogue and the file URL key are set up concurrently.
    const env = {
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
      REGISTER_LIMIT: '1000',
      ARGON2_MEMORY_KIB: '64',
      ARGON2_TIME_COST: '1',
    }
    servers.push(...(await Promise.all([startMain(env), startMain(env)])))
  }, 60_000)

  afterAll(async () => {
    await Promise.all(
      servers.map(
        ({ child }) =>
          new Promise((resolve) => {
            child.once('exit', resolve)
            child.kill('SIGTERM')
          }),
      ),
    )
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('50 concurrent creations split over both processes spend exactly the 5 credits there are', async () => {
    const [a, b] = servers as unknown as [{ url: string }, { url: string }]
    const reg = await post(a.url, '/user/register', {
      email: `two-${name}@example.com`,
      password: 'correct horse battery',
    })
    expect(reg.code).toBe(0)
    const token = reg.data.token as string
    const list = (await (await fetch(`${b.url}/api/template/list`)).json()) as { data: { id: number }[] }
    const templateId = list.data[0]?.id as number
    const detail = (await (await fetch(`${b.url}/api/template/detail?id=${templateId}`)).json()) as {
      data: { fields: { kind: string; required?: boolean }[] }
    }
    expect(detail.data.fields.some((f) => f.kind === 'image' && f.required)).toBe(false)

    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(i % 2 === 0 ? a.url : b.url, '/creation/create', { templateId, values: {} }, token),
      ),
    )
    const codes = replies.map((r) => r.code)
    expect(codes.filter((c) => c === 0)).toHaveLength(5)
    expect(codes.filter((c) => c === 402)).toHaveLength(45)
    const me = (await (
      await fetch(`${b.url}/api/user/my-info`, { headers: { authorization: `Bucket ${token}` } })
    ).json()) as { data: { credits: number } }
    expect(me.data.credits).toBe(0)
    // A file URL signed by one process is served by the other (one key, kept in the database).
    const made = replies.find((r) => r.code === 0)?.data as { files: { png: string } }
    expect((await fetch(`${a.url}${made.files.png}`)).status).toBe(200)
    expect((await fetch(`${b.url}${made.files.png}`)).status).toBe(200)
  }, 60_000)
})
