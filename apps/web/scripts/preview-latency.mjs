/**
 * Keystroke to updated preview painted, in Chromium on loopback: types 50 Chinese characters one at a
 * time into the editor's main text field and measures, for each, from the input event to the first frame
 * after the preview changed (the browser's canvas repainted: layout and drawing by the model; or, where the
 * editor falls back to the server, its new image decoded). Prints p50 and p95.
 *
 * Then the designer: drags a text layer of a customer's copy of the same template with 120 pointer moves and
 * measures, for each, from the pointer event to the end of the frame that shows it (state update, canvas
 * repaint, layout, paint). Prints p50 and p95 (the goal: p95 <= 20 ms, 50 frames a second).
 *
 *   node apps/web/scripts/preview-latency.mjs [--url http://127.0.0.1:3000] [--keys 50]
 *
 * Without --url it starts apps/server/dist/main.js (with apps/web/dist) on a free port and a temporary
 * data directory. Build first: pnpm turbo run build --filter=web --filter=@templet/server.
 */
import os from 'node:os'
import { chromium } from '@playwright/test'
import { api, startServer } from './server.mjs'

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? process.argv[i + 1] : fallback
}
const KEYS = Number(arg('keys', '50'))
const TEXT =
  '设计不只是外观和感觉设计是它如何运作少即是多简单是终极的复杂好的设计是尽可能少的设计细节决定成败形式追随功能'

const given = arg('url', undefined)
const server = given ? { origin: given, stop: () => undefined } : await startServer()
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
})
try {
  // An account of its own, on a server given by --url too.
  const { token, user } = await api(server.origin, 'POST', '/user/register', {
    email: `latency-${Date.now()}@example.com`,
    password: 'correct horse battery',
    name: 'Latency',
  })
  const templates = await api(server.origin, 'GET', '/template/list?pageSize=100', undefined, token)
  const template = templates.find((t) => t.slug === 'bold-quote') ?? templates[0]
  const detail = await api(server.origin, 'GET', `/template/detail?id=${template.id}`, undefined, token)
  const field = detail.fields.find((f) => f.kind === 'text')

  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'en-US' })
  await page.goto(`${server.origin}/about-us`)
  await page.evaluate(
    ([t, u]) => localStorage.setItem('user', JSON.stringify({ token: t, user: u })),
    [token, user],
  )
  await page.goto(`${server.origin}/templates/${template.id}/edit`)
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
          const shown = document.querySelector('[data-testid="preview"]')
          const now = shown && (shown.getAttribute('data-painted') ?? shown.getAttribute('src'))
          if (now !== before) requestAnimationFrame(() => resolve(performance.now()))
          else requestAnimationFrame(check)
        }
        check()
      })
  })
  // Settle after clearing the field.
  await page.waitForTimeout(1000)

  const samples = []
  for (let i = 0; i < KEYS; i += 1) {
    const before = (await preview.getAttribute('data-painted')) ?? (await preview.getAttribute('src'))
    const painted = page.evaluate((b) => window.__nextPaint(b), before)
    await page.keyboard.insertText(TEXT[i % TEXT.length])
    const paintedAt = await painted
    const typedAt = await page.evaluate(() => window.__typedAt)
    samples.push(paintedAt - typedAt)
  }
  const report = (title, values) => {
    values.sort((a, b) => a - b)
    const pick = (q) => values[Math.min(values.length - 1, Math.floor(q * values.length))]
    console.log(title)
    console.log(
      `  p50 ${pick(0.5).toFixed(1)} ms   p95 ${pick(0.95).toFixed(1)} ms   min ${values[0].toFixed(1)} ms   max ${values.at(-1).toFixed(1)} ms`,
    )
  }
  report(
    `preview latency, keystroke -> updated preview painted, ${samples.length} keystrokes (Chinese)`,
    samples,
  )

  // The designer: a customer's copy of the template, one text layer dragged.
  const copy = await api(server.origin, 'POST', '/template/duplicate', { id: template.id }, token)
  const opened = await api(server.origin, 'GET', `/template/document?id=${copy.id}`, undefined, token)
  const text = opened.document.layers.filter((l) => l.type === 'text' && l.box).at(-1)
  await page.goto(`${server.origin}/templates/${copy.id}/design`)
  const layer = page.locator(`[data-layer="${text.id}"]`)
  await layer.waitFor()
  const box = await layer.boundingBox()
  await page.evaluate(() => {
    const w = window
    w.__frames = []
    document.addEventListener(
      'pointermove',
      (event) => {
        if (!event.buttons) return
        const at = event.timeStamp
        // The frame that shows this move has ended once a task queued from its animation frame runs.
        requestAnimationFrame(() => setTimeout(() => w.__frames.push(performance.now() - at), 0))
      },
      true,
    )
  })
  const MOVES = 120
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await page.mouse.down()
  for (let i = 1; i <= MOVES; i += 1)
    await page.mouse.move(box.x + box.width / 2 + Math.sin(i / 10) * 80, box.y + box.height / 2 + i * 0.5)
  await page.mouse.up()
  await page.waitForTimeout(200)
  const frames = await page.evaluate(() => window.__frames)
  report(`designer drag, pointer move -> frame shown, ${frames.length} moves`, frames)
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU'
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
