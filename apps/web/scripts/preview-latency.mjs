/**
 * Keystroke to updated preview painted, in Chromium on loopback: types 50 Chinese characters one at a
 * time into the editor's main text field and measures, for each, from the input event to the first frame
 * after the preview image changed (debounce + request + render + decode + paint). Prints p50 and p95.
 *
 *   node apps/web/scripts/preview-latency.mjs [--url http://127.0.0.1:3000] [--keys 50]
 *
 * Without --url it starts apps/server/dist/main.js (with apps/web/dist) on a free port and a temporary
 * data directory. Build first: pnpm turbo run build --filter=web --filter=@templet/server.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from '@playwright/test'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? process.argv[i + 1] : fallback
}
const KEYS = Number(arg('keys', '50'))
const TEXT =
  '设计不只是外观和感觉设计是它如何运作少即是多简单是终极的复杂好的设计是尽可能少的设计细节决定成败形式追随功能'

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

async function startServer() {
  const port = await freePort()
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'templet-latency-'))
  const child = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/main.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(repoRoot, 'apps/web/dist'),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; i < 200; i += 1) {
    try {
      if ((await fetch(`${url}/api/openapi.json`)).ok) break
    } catch {
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  return {
    url,
    stop: () => {
      child.kill('SIGTERM')
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

async function api(url, method, apiPath, body, token) {
  const response = await fetch(`${url}/api${apiPath}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bucket ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const answer = await response.json()
  if (answer.code !== 0) throw new Error(`${apiPath}: ${answer.code} ${answer.msg}`)
  return answer
}

const given = arg('url', undefined)
const server = given ? { url: given, stop: () => undefined } : await startServer()
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
})
try {
  const email = `latency-${Date.now()}@example.com`
  const registered = await api(server.url, 'POST', '/user/register', {
    email,
    password: 'correct horse battery',
    name: 'Latency',
  })
  const { token, user } = registered.data
  const templates = (await api(server.url, 'GET', '/template/list?pageSize=100', undefined, token)).data
  const template = templates.find((t) => t.slug === 'bold-quote') ?? templates[0]
  const detail = (await api(server.url, 'GET', `/template/detail?id=${template.id}`, undefined, token)).data
  const field = detail.fields.find((f) => f.kind === 'text')

  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'en-US' })
  await page.goto(`${server.url}/about-us`)
  await page.evaluate(
    ([t, u]) => localStorage.setItem('user', JSON.stringify({ token: t, user: u })),
    [token, user],
  )
  await page.goto(`${server.url}/templates/${template.id}/edit`)
  const preview = page.getByTestId('preview')
  await preview.waitFor()
  const input = page.getByLabel(field.labels.en, { exact: true })
  await input.fill('')
  await input.focus()
  await page.evaluate(() => {
    const w = window
    document.addEventListener('input', (event) => (w.__typedAt = event.timeStamp), true)
    /** Resolves with the time of the first frame after the preview's src changed from `before`. */
    w.__nextPaint = (before) =>
      new Promise((resolve) => {
        const check = () => {
          const img = document.querySelector('[data-testid="preview"]')
          if (img && img.getAttribute('src') !== before)
            requestAnimationFrame(() => resolve(performance.now()))
          else requestAnimationFrame(check)
        }
        check()
      })
  })
  // Settle after clearing the field.
  await page.waitForTimeout(1000)

  const samples = []
  for (let i = 0; i < KEYS; i += 1) {
    const before = await preview.getAttribute('src')
    const painted = page.evaluate((b) => window.__nextPaint(b), before)
    await page.keyboard.insertText(TEXT[i % TEXT.length])
    const paintedAt = await painted
    const typedAt = await page.evaluate(() => window.__typedAt)
    samples.push(paintedAt - typedAt)
  }
  samples.sort((a, b) => a - b)
  const pick = (q) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU'
  console.log(`preview latency, keystroke -> updated preview painted, ${samples.length} keystrokes (Chinese)`)
  console.log(
    `  p50 ${pick(0.5).toFixed(0)} ms   p95 ${pick(0.95).toFixed(0)} ms   min ${samples[0].toFixed(0)} ms   max ${samples.at(-1).toFixed(0)} ms`,
  )
  console.log(
    `  ${new Date().toISOString()} · ${os.cpus().length} × ${cpu} · Node ${process.version} · load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  )
} finally {
  await browser.close()
  server.stop()
}
