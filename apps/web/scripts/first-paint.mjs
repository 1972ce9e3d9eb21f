#!/usr/bin/env node
/**
 * The real first contentful paint of each kind of visitor (scripts/visitors.mjs) in Debian's Chromium on
 * loopback, no throttling: the second load of each page (the first one fills the cache, as for a returning
 * visitor), median of FP_RUNS (default 5). The time is from the moment the load is asked for to the first
 * contentful paint of the page the visitor ends on, so a redirect (a signed-in visitor on /login) counts
 * whole. Exits 1 when a row is over FP_BUDGET ms (default 200) or a visitor ends on the wrong page.
 *
 *   pnpm turbo run build --filter=web... --filter=@templet/server && pnpm --filter web first-paint
 */
import { chromium } from 'playwright'
import { startServer } from './server.mjs'
import { visitors } from './visitors.mjs'

const RUNS = Number(process.env.FP_RUNS ?? 5)
const BUDGET = Number(process.env.FP_BUDGET ?? 200)
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium'

const server = await startServer()
const browser = await chromium.launch({
  executablePath: CHROME,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
})

/** Milliseconds from asking for `path` to the first contentful paint of the page it ends on. */
async function firstPaint(page, path) {
  const asked = Date.now()
  await page.goto(path, { waitUntil: 'load' })
  const paint = await page.waitForFunction(
    () => {
      const entry = performance.getEntriesByName('first-contentful-paint')[0]
      return entry ? performance.timeOrigin + entry.startTime : undefined
    },
    undefined,
    { timeout: 10_000 },
  )
  return (await paint.jsonValue()) - asked
}

const rows = []
try {
  for (const visitor of visitors) {
    const times = []
    let ended = ''
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext({
        baseURL: server.origin,
        locale: visitor.language,
        storageState: {
          cookies: [],
          origins: visitor.signedIn
            ? [{ origin: server.origin, localStorage: [{ name: 'user', value: server.session }] }]
            : [],
        },
      })
      // A signed-in browser as sign-in leaves it (src/session/session.ts): the session and its hint cookie.
      if (visitor.signedIn)
        await context.addCookies([{ name: 'templet_signed_in', value: '1', url: server.origin }])
      const page = await context.newPage()
      await firstPaint(page, visitor.path) // fills the cache
      times.push(await firstPaint(page, visitor.path))
      // The final address once the app has settled (a router redirect happens after the paint). Not network
      // idle: a signed-in page keeps its notification stream open.
      const expected = visitor.expect ?? visitor.path
      await page
        .waitForURL((u) => `${u.pathname}${u.search}` === expected, { timeout: 5_000 })
        .catch(() => {}) // a wrong end is reported below
      const url = new URL(page.url())
      ended = `${url.pathname}${url.search}`
      await context.close()
    }
    times.sort((a, b) => a - b)
    const median = Math.round(times[Math.floor(times.length / 2)])
    const wrongEnd = ended !== (visitor.expect ?? visitor.path)
    rows.push({
      ...visitor,
      median,
      min: Math.round(times[0]),
      max: Math.round(times.at(-1)),
      ended,
      wrongEnd,
    })
  }
} finally {
  await browser.close()
  server.stop()
}

console.log(
  `First contentful paint, Chromium on loopback, second load, median of ${RUNS} (min-max), budget ${BUDGET} ms`,
)
console.log('| visitor | path | ends on | FCP |')
console.log('|---|---|---|---|')
let failed = false
for (const r of rows) {
  const over = r.median > BUDGET
  failed ||= over || r.wrongEnd
  console.log(
    `| ${r.name} | \`${r.path}\` | \`${r.ended}\`${r.wrongEnd ? ' (WRONG)' : ''} | ${r.median} ms (${r.min}-${r.max})${over ? ' OVER' : ''} |`,
  )
}
process.exit(failed ? 1 : 0)
