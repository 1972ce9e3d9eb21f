/**
 * The real server the speed scripts measure against (first-paint, lighthouse, ready, preview-latency,
 * designer-frames): apps/server/dist on a free port with a temporary DATA_DIR, serving apps/web/dist, and a new
 * account on it.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

export const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })

export async function waitFor(url, ms = 20_000) {
  const deadline = Date.now() + ms
  for (;;) {
    try {
      if ((await fetch(url)).ok) return
    } catch {}
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${ms} ms`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** Calls the API at `origin` as `token` (or signed out); the envelope's `data`, or throws with its code. */
export async function api(origin, method, apiPath, body, token) {
  const response = await fetch(`${origin}/api${apiPath}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bucket ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const answer = await response.json()
  if (answer.code !== 0) throw new Error(`${apiPath}: ${answer.code} ${answer.msg}`)
  return answer.data
}

/**
 * Starts the real server and registers an account; resolves with its origin, the account's `token` and `user`,
 * `session` (the value the app stores in localStorage['user'] once signed in) and stop().
 */
export async function startServer() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'templet-speed-'))
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/main.js')], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  })
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGTERM')
    rmSync(dataDir, { recursive: true, force: true })
  }
  process.on('exit', stop)
  await waitFor(`${origin}/api/openapi.json`)
  const { token, user } = await api(origin, 'POST', '/user/register', {
    email: `speed-${Date.now()}@example.com`,
    password: 'speed password',
    name: 'Speed',
  })
  const session = JSON.stringify({ token, user })
  return { origin, token, user, session, stop }
}
