/**
 * The kinds of visitor the speed scripts measure (first-paint.mjs, lighthouse.mjs), and the real server they
 * measure against: apps/server/dist on a free port with a temporary DATA_DIR, serving apps/web/dist.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

/**
 * `language`: the browser's (navigator.languages and Accept-Language); `signedIn`: a session stored before
 * the load; `expect`: the path the visitor ends on.
 */
export const visitors = [
  { name: 'English, signed out', path: '/', language: 'en-US', signedIn: false },
  { name: 'English, signed out', path: '/login', language: 'en-US', signedIn: false },
  { name: 'Chinese, signed out', path: '/', language: 'zh-CN', signedIn: false },
  { name: 'Chinese, signed out', path: '/login', language: 'zh-CN', signedIn: false },
  {
    name: 'English, signed out, query',
    path: '/login?redirect=%2Fdashboard',
    language: 'en-US',
    signedIn: false,
  },
  {
    name: 'Chinese, signed out, query',
    path: '/login?redirect=%2Fdashboard',
    language: 'zh-CN',
    signedIn: false,
  },
  {
    name: 'English, signed out, protected',
    path: '/dashboard',
    language: 'en-US',
    signedIn: false,
    expect: '/login?redirect=%2Fdashboard',
  },
  { name: 'English, signed in', path: '/', language: 'en-US', signedIn: true },
  { name: 'Chinese, signed in', path: '/', language: 'zh-CN', signedIn: true },
  { name: 'English, signed in', path: '/login', language: 'en-US', signedIn: true, expect: '/dashboard' },
  { name: 'Chinese, signed in', path: '/login', language: 'zh-CN', signedIn: true, expect: '/dashboard' },
  { name: 'English, signed in', path: '/dashboard', language: 'en-US', signedIn: true },
  { name: 'Chinese, signed in', path: '/dashboard', language: 'zh-CN', signedIn: true },
]

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })

export { freePort }

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

/** Starts the real server; resolves with its origin, a stored-session value for a new account, and stop(). */
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
  const register = await fetch(`${origin}/api/user/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      email: `speed-${Date.now()}@example.com`,
      password: 'speed password',
      name: 'Speed',
    }),
  }).then((r) => r.json())
  if (register.code !== 0) throw new Error(`registration failed: ${JSON.stringify(register)}`)
  const session = JSON.stringify({ token: register.data.token, user: register.data.user })
  return { origin, session, stop }
}
