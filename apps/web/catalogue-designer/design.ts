/**
 * The catalogue's authoring workflow: `pnpm --filter web catalogue:design [id] [--type <type>]` serves the
 * designer on `packages/render/catalogue/templates/<id>.json` (a new id starts a new template) on the loopback,
 * and opens it in Chromium when there is a display. Save writes the file back in the catalogue's formatting.
 * `CATALOGUE_DIR` and `SAMPLES_DIR` point it at a copy of the catalogue; `PORT` picks the port (5190).
 */
import { fileURLToPath } from 'node:url'
import { chromium } from '@playwright/test'
import { createServer } from 'vite'
import { chromiumLaunch } from '../../../chromium'

const args = process.argv.slice(2)
const typeAt = args.indexOf('--type')
const type = typeAt >= 0 ? args[typeAt + 1] : undefined
const id = args.find((a, i) => !a.startsWith('--') && (typeAt < 0 || i !== typeAt + 1)) ?? 'new-template'
const port = Number(process.env.PORT ?? 5190)

const server = await createServer({
  configFile: fileURLToPath(new URL('./vite.config.ts', import.meta.url)),
  server: { port, host: '127.0.0.1', strictPort: true },
})
await server.listen()
const url = `http://127.0.0.1:${port}/?id=${encodeURIComponent(id)}${type ? `&type=${encodeURIComponent(type)}` : ''}`
console.log(`The catalogue designer on ${id}: ${url}`)

if (process.env.DISPLAY || process.env.WAYLAND_DISPLAY) {
  const browser = await chromium.launch({
    ...chromiumLaunch,
    headless: false,
    args: [...chromiumLaunch.args, `--app=${url}`],
  })
  // The browser closed: the session is over.
  browser.on('disconnected', () => void server.close().then(() => process.exit(0)))
  const page = await (await browser.newContext({ viewport: null })).newPage()
  await page.goto(url)
} else console.log('No display here: open the address above in a browser on this machine.')
