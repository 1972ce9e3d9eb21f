#!/usr/bin/env node
/**
 * The designer with a design of 100 layers (texts, rectangles and ellipses, fixed and placeholder images), in
 * Debian's Chromium on loopback, at each viewport where the designer edits:
 *   - drag: the topmost layer dragged by the mouse for DF_DRAG_MS (default 3000) with a pointer move every few
 *     pixels, sent as a 125 Hz mouse sends them, DF_DRAGS times (default 3): the frames per second that showed the
 *     layer in a new place (counted in the page at each animation frame), median and worst; the longest wait for
 *     a new place; and the main thread's CPU time (its tasks' thread time in a Chromium trace) per frame shown and
 *     per pointer move, which a machine busy with other work hardly changes. Goal: >= 50 frames a second.
 *   - typing: a double click on a text layer opens its words on the canvas; DF_KEYS (default 30) characters are
 *     typed at a fast typist's pace, each measured from its keydown to the end of the frame that shows it (its
 *     animation frame and the task after it): p50 and p95. Goal: p50 <= 16 ms. Beside it, how many keydowns the
 *     browser's Event Timing reports as 16 ms or longer to their next paint (it reports none shorter), and the
 *     same typing into a bare text area on an empty page: the browser's own floor.
 * Phones get the designer read-only (below 768 px), so the narrowest viewport measured is a 768 px tablet.
 * Prints a table, the date and the machine; exits 1 when a goal is missed. DF_TRACE=<name> writes Chromium traces
 * of the first desktop drag and typing to <name>-drag.json and <name>-typing.json (DevTools' Performance panel
 * opens them); DF_PROFILE=1 prints the functions that took the main thread's time (V8's sampling profiler).
 *
 *   pnpm turbo run build --filter=web... --filter=@templet/server && pnpm --filter web bench:designer
 */
import { readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright'
import { api, startServer } from './server.mjs'

const DRAG_MS = Math.min(Number(process.env.DF_DRAG_MS ?? 3000), 20_000)
const DRAGS = Math.min(Number(process.env.DF_DRAGS ?? 3), 10)
const KEYS = Math.min(Number(process.env.DF_KEYS ?? 30), 200)
/** A key every 100 ms: 120 words a minute, a fast typist. */
const TYPIST_MS = 100
/** A 125 Hz mouse, as most mice report. */
const MOUSE_MS = 8
const TRACE = process.env.DF_TRACE
const PROFILE = process.env.DF_PROFILE === '1'
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const TYPED = 'Quick brown foxes jump over lazy dogs'
const samples = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../packages/catalogue/samples',
)
const viewports = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'tablet', width: 768, height: 1024 },
]

/**
 * 100 layers over a 1080 px square on a page-wide background: in a 10 × 10 grid of cells, texts, shapes and
 * images in turn, some images fixed (`pictures`, the ids of uploads), some a field's placeholder.
 */
function hundredLayers(base, pictures) {
  const layers = [{ id: 'background', type: 'shape', fill: '#f5efe6' }]
  for (let i = 1; i < 100; i += 1) {
    const box = { x: (i % 10) * 108 + 4, y: Math.floor(i / 10) * 108 + 4, w: 100, h: 100 }
    const kind = i % 5
    const id = `layer-${i}`
    if (kind === 0 || kind === 3)
      layers.push({ id, type: 'text', text: `Layer ${i} says hello`, size: 20, weight: 700, box })
    else if (kind === 1) layers.push({ id, type: 'shape', shape: 'rect', fill: '#14213d', radius: 8, box })
    else if (kind === 2) layers.push({ id, type: 'shape', shape: 'ellipse', fill: '#f4a259', box })
    else if (i % 10 === 4)
      layers.push({ id, type: 'image', src: pictures[((i / 10) % pictures.length) | 0], fit: 'cover', box })
    else layers.push({ id, type: 'image', field: 'photo', placeholder: '#e2dccf', box })
  }
  return {
    ...base,
    sizes: [{ id: 'square', width: 1080, height: 1080, label: { en: 'Square', 'zh-CN': '方形' } }],
    fields: [{ key: 'photo', kind: 'image', label: { en: 'Photo', 'zh-CN': '照片' } }],
    layers,
    groups: undefined,
    pages: undefined,
    samples: { en: {}, 'zh-CN': {} },
  }
}

/** In the page: counts, at each animation frame, whether the dragged layer's button stands somewhere new. */
function countFrames(layerId) {
  const button = document.querySelector(`[data-layer="${layerId}"]`)
  const w = window
  w.__frames = { moved: [], all: 0, moves: 0, stop: false }
  if (!w.__countsMoves) document.addEventListener('pointermove', () => (w.__frames.moves += 1), true)
  w.__countsMoves = true
  let last = `${button.style.left},${button.style.top}`
  const tick = (now) => {
    if (w.__frames.stop) return
    w.__frames.all += 1
    const at = `${button.style.left},${button.style.top}`
    if (at !== last) w.__frames.moved.push(now)
    last = at
    requestAnimationFrame(tick)
  }
  requestAnimationFrame(tick)
}

/** One drag of `layerId` for DRAG_MS: frames per second that showed it moved, and the longest gap between two. */
async function drag(page, layerId) {
  const layer = page.locator(`[data-layer="${layerId}"]`)
  await layer.scrollIntoViewIfNeeded()
  const box = await layer.boundingBox()
  const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
  await page.evaluate(countFrames, layerId)
  await page.mouse.move(from.x, from.y)
  await page.mouse.down()
  const started = Date.now()
  // A 60 px circle, 3 px a move, a move every MOUSE_MS as a mouse sends them: without waiting for the page to
  // take the last one (Playwright's mouse.move waits, so its moves came one a round trip, not one a frame).
  const cdp = await page.context().newCDPSession(page)
  const sent = []
  for (let i = 1; i < 100_000 && Date.now() - started < DRAG_MS; i += 1) {
    const x = from.x - 60 + 60 * Math.cos(i / 20)
    const y = from.y + 60 * Math.sin(i / 20)
    sent.push(cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y, button: 'left', buttons: 1 }))
    await new Promise((resolve) => setTimeout(resolve, MOUSE_MS))
  }
  await Promise.all(sent)
  await cdp.detach()
  await page.mouse.up()
  const { moved, all, moves } = await page.evaluate(() => {
    window.__frames.stop = true
    return window.__frames
  })
  const seconds = (moved.at(-1) - moved[0]) / 1000
  let gap = 0
  for (let i = 1; i < moved.length; i += 1) gap = Math.max(gap, moved[i] - moved[i - 1])
  // Undo the drag, so every drag starts from the same place.
  await page.keyboard.press('Control+z')
  return { fps: (moved.length - 1) / seconds, gap, frames: all, shown: moved.length, moves }
}

/**
 * The CPU time the page's main thread took in a trace: its tasks' thread time, which a busy machine does not
 * lengthen as it does their wall time (the thread waiting for a core is not counted).
 */
function mainThreadCpuMs(trace) {
  const events = JSON.parse(trace.toString()).traceEvents
  const main = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  )
  let us = 0
  for (const e of events)
    if (e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && main.has(`${e.pid}:${e.tid}`))
      us += e.tdur ?? 0
  return us / 1000
}

/** In the page: keeps, for each keydown, the time from it to the end of the frame that shows it. */
function timeKeys() {
  const w = window
  w.__keys = []
  document.addEventListener(
    'keydown',
    (event) => {
      const at = event.timeStamp
      // The keystroke's input and React's update run first; the frame after them shows it, and once a task
      // queued from its animation frame runs, that frame's work (style, layout, paint) is done.
      requestAnimationFrame(() => setTimeout(() => w.__keys.push(performance.now() - at), 0))
    },
    true,
  )
}

/**
 * Types KEYS characters into the focused field at a typist's pace (a key every TYPIST_MS): each keystroke's
 * time to its frame, and how many keydowns the Event Timing API found slow. A key sent as soon as the last one
 * was shown would land just after a frame, and Chromium starts the next no sooner than a frame's interval after
 * it: every key, even into a bare text area, would wait most of a frame for nothing a person typing meets.
 */
async function typeKeys(page) {
  await page.waitForTimeout(200) // the last key's own Event Timing entry reported before counting
  await page.evaluate(() => {
    const w = window
    w.__slowKeys = 0
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name === 'keydown') w.__slowKeys += 1
    }).observe({ type: 'event', durationThreshold: 16 })
  })
  await page.evaluate(timeKeys)
  for (let i = 0; i < KEYS; i += 1) {
    const pressed = Date.now()
    await page.keyboard.press(TYPED[i % TYPED.length] === ' ' ? 'Space' : TYPED[i % TYPED.length])
    await page.waitForFunction((n) => window.__keys.length >= n, i + 1, { timeout: 5000 })
    await page.waitForTimeout(Math.max(0, TYPIST_MS - (Date.now() - pressed)))
  }
  const times = await page.evaluate(() => window.__keys)
  await page.waitForTimeout(100) // Event Timing reports an entry after its frame
  const slow = await page.evaluate(() => window.__slowKeys)
  return { times, slow }
}

/**
 * Double-clicks `layerId` and types into its words on the canvas (`typeKeys`), and whether the double click
 * opened the editor (if it did not, Enter on the selected layer does, and typing is measured all the same).
 */
async function typeOnCanvas(page, layerId) {
  await page.locator(`[data-layer="${layerId}"]`).dblclick()
  const editor = page.locator('[data-slot="text-editor"]')
  const opened = await editor.waitFor({ timeout: 3000 }).then(
    () => true,
    () => false,
  )
  if (!opened) {
    await page.keyboard.press('Enter')
    await editor.waitFor({ timeout: 5000 })
  }
  await page.keyboard.press('End')
  const typed = await typeKeys(page)
  await page.keyboard.press('Escape')
  return { ...typed, opened }
}

/** The browser's floor: the same typing into a bare text area on an empty page of the same viewport. */
async function typeInBareTextArea(context) {
  const page = await context.newPage()
  await page.setContent(
    '<textarea aria-label="Words" style="margin: 200px; width: 300px; height: 80px"></textarea>',
  )
  await page.locator('textarea').focus()
  const typed = await typeKeys(page)
  await page.close()
  return typed
}

/** Uploads the catalogue's sample pictures as the account's own; their ids. */
async function uploadPictures(origin, token) {
  const ids = []
  for (const name of ['dusk.jpg', 'coffee.jpg', 'blossom.jpg', 'logo-peak.png']) {
    const form = new FormData()
    const type = name.endsWith('.png') ? 'image/png' : 'image/jpeg'
    form.append('file', new Blob([readFileSync(path.join(samples, name))], { type }), name)
    const res = await fetch(`${origin}/api/upload/image`, {
      method: 'POST',
      headers: { authorization: `Bucket ${token}` },
      body: form,
    })
    const reply = await res.json()
    if (reply.code !== 0) throw new Error(`/upload/image: ${reply.code} ${reply.msg}`)
    ids.push(String(reply.data.id))
  }
  return ids
}

/** Runs `work` under V8's sampling profiler and prints the 15 functions with the most self time. */
async function profiled(page, title, work) {
  if (!PROFILE) return work()
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
  await cdp.send('Profiler.start')
  const result = await work()
  const { profile } = await cdp.send('Profiler.stop')
  await cdp.detach()
  // Self time per function, and total time (itself and what it called, counted once per sample).
  const parent = new Map()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]))
  const where = (f) =>
    `${f.functionName || '(anonymous)'} ${f.url.split('/').at(-1)}:${f.lineNumber + 1}:${f.columnNumber + 1}`
  const self = new Map()
  const total = new Map()
  let sampled = 0
  for (let i = 0; i < profile.samples.length; i += 1) {
    const us = profile.timeDeltas[i] ?? 0
    const node = byNode.get(profile.samples[i])
    if (node.callFrame.functionName === '(idle)') continue
    sampled += us
    self.set(where(node.callFrame), (self.get(where(node.callFrame)) ?? 0) + us)
    const seen = new Set()
    for (let id = node.id; id !== undefined; id = parent.get(id)) {
      const f = byNode.get(id).callFrame
      if (!f.url) continue
      seen.add(where(f))
    }
    for (const w of seen) total.set(w, (total.get(w) ?? 0) + us)
  }
  const top = (m) => [...m].sort((a, b) => b[1] - a[1]).slice(0, 12)
  console.log(`${title}: the main thread busy ${(sampled / 1000).toFixed(0)} ms; self time, then total time`)
  for (const [w, us] of top(self)) console.log(`  ${((100 * us) / sampled).toFixed(1).padStart(5)} %  ${w}`)
  for (const [w, us] of top(total))
    console.log(`  ${((100 * us) / sampled).toFixed(1).padStart(5)} %  ${w} (total)`)
  return result
}

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
}
const median = (values) => quantile(values, 0.5)

const server = await startServer()
const browser = await chromium.launch({
  executablePath: CHROME,
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update'],
})
const chromiumVersion = browser.version()
const rows = []
try {
  const catalogue = await api(server.origin, 'GET', '/template/list?pageSize=100', undefined, server.token)
  const bold = catalogue.find((t) => t.slug === 'bold-quote') ?? catalogue[0]
  const base = await api(server.origin, 'GET', `/template/document?id=${bold.id}`, undefined, server.token)
  const saved = await api(
    server.origin,
    'POST',
    '/template/save',
    {
      name: 'A hundred layers',
      document: hundredLayers(base.document, await uploadPictures(server.origin, server.token)),
    },
    server.token,
  )
  for (const viewport of viewports) {
    const context = await browser.newContext({ viewport, locale: 'en-US' })
    const page = await context.newPage()
    page.on('crash', () => console.error(`${viewport.name}: the page crashed`))
    await page.goto(`${server.origin}/robots.txt`)
    await page.evaluate((value) => localStorage.setItem('user', value), server.session)
    await page.goto(`${server.origin}/templates/${saved.id}/design`)
    await page.locator('[data-layer="layer-99"]').waitFor({ timeout: 30_000 })
    await page.waitForTimeout(1000) // fonts and images in, first paints done
    const drags = []
    for (let i = 0; i < DRAGS; i += 1) {
      const traced = TRACE && rows.length === 0 && i === 0
      await browser.startTracing(page, traced ? { screenshots: false } : { categories: ['toplevel'] })
      const first = rows.length === 0 && i === 0
      drags.push(
        await (first ? profiled(page, 'drag', () => drag(page, 'layer-99')) : drag(page, 'layer-99')),
      )
      const trace = await browser.stopTracing()
      if (traced) writeFileSync(`${TRACE}-drag.json`, trace)
      const done = drags.at(-1)
      done.cpu = mainThreadCpuMs(trace) / done.shown
      done.cpuPerMove = mainThreadCpuMs(trace) / done.moves
    }
    const typed = async () => {
      if (!TRACE || rows.length > 0) return typeOnCanvas(page, 'layer-95')
      await browser.startTracing(page, { screenshots: false })
      const result = await typeOnCanvas(page, 'layer-95')
      writeFileSync(`${TRACE}-typing.json`, await browser.stopTracing())
      return result
    }
    rows.push({
      viewport,
      drags,
      ...(await (rows.length === 0 ? profiled(page, 'typing', typed) : typed())),
      bare: await typeInBareTextArea(context),
    })
    await context.close()
  }
} finally {
  await browser.close()
  server.stop()
}

const fps = (r) => r.drags.map((d) => d.fps)
console.log(
  `Designer, 100 layers, Chromium on loopback: ${DRAGS} drags of ${DRAG_MS} ms (frames a second showing the layer moved; goal >= 50), ${KEYS} keys typed on the canvas (keydown -> its frame; goal p50 <= 16 ms)`,
)
console.log(
  '| viewport | drag fps, median (worst) | longest frame gap | main-thread CPU a frame (fps it allows), a pointer move | keystroke p50 / p95 | keys >= 16 ms (Event Timing) | bare text area: p50 / p95, keys >= 16 ms |',
)
console.log('|---|---|---|---|---|---|---|')
let missed = false
for (const r of rows) {
  const dragMedian = median(fps(r))
  const p50 = quantile(r.times, 0.5)
  const cpu = median(r.drags.map((d) => d.cpu))
  missed ||= dragMedian < 50 || p50 > 16
  console.log(
    `| ${r.viewport.name} ${r.viewport.width}×${r.viewport.height} | ${dragMedian.toFixed(1)} (${Math.min(...fps(r)).toFixed(1)}) | ${Math.max(...r.drags.map((d) => d.gap)).toFixed(0)} ms | ${cpu.toFixed(1)} ms (${(1000 / cpu).toFixed(0)}), ${median(r.drags.map((d) => d.cpuPerMove)).toFixed(1)} ms | ${p50.toFixed(1)} / ${quantile(r.times, 0.95).toFixed(1)} ms | ${r.slow} of ${KEYS} | ${quantile(r.bare.times, 0.5).toFixed(1)} / ${quantile(r.bare.times, 0.95).toFixed(1)} ms, ${r.bare.slow} |`,
  )
  if (!r.opened)
    console.log(`  ${r.viewport.name}: a double click on the text did NOT open its editor (Enter did)`)
  missed ||= !r.opened
}
console.log(
  `${new Date().toISOString().slice(0, 10)} · ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'} · Chromium ${chromiumVersion} · Node ${process.version} · load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
)
process.exit(missed ? 1 : 0)
