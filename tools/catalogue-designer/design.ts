/**
 * The catalogue's authoring workflow: `pnpm --filter @templet/catalogue-designer design [id] [--type <type>]
 * [--from <id>]` serves the designer on `packages/catalogue/templates/<id>.json` on the loopback (a new id
 * starts a new template of `--type`, blank or a copy of the catalogue template `--from`) and opens it in
 * Chromium when there is a display. Save writes the file back in the catalogue's formatting. `CATALOGUE_DIR`
 * and `SAMPLES_DIR` point it at a copy of the catalogue; `PORT` picks the port (5190).
 */
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'
import { chromiumLaunch } from '../../chromium'
import { serveCatalogueDesigner } from './serve'

const { values: o, positionals } = parseArgs({
  options: { type: { type: 'string' }, from: { type: 'string' } },
  allowPositionals: true,
})
const id = positionals[0] ?? 'new-template'
const port = Number(process.env.PORT ?? 5190)

const server = await serveCatalogueDesigner(port)
const query = new URLSearchParams({ id, ...(o.type && { type: o.type }), ...(o.from && { from: o.from }) })
const url = `http://127.0.0.1:${port}/?${query}`
console.log(`The catalogue designer on ${id}: ${url}`)

if (process.env.DISPLAY || process.env.WAYLAND_DISPLAY) {
  const browser = await chromium.launch({ ...chromiumLaunch, headless: false })
  // The browser closed: the session is over.
  browser.on('disconnected', () => void server.close().then(() => process.exit(0)))
  const page = await (await browser.newContext({ viewport: null })).newPage()
  await page.goto(url)
} else console.log('No display here: open the address above in a browser on this machine.')
