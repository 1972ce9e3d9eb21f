// Proves reuse for real: the packed tarball of @templet/ui, installed into a scratch Vite React app outside
// the workspace (no Tailwind there), builds and renders the shell in Chromium.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'

const uiDir = path.resolve('packages/ui')
const run = (cmd: string, args: string[], cwd: string) =>
  execFileSync(cmd, args, { cwd, stdio: 'pipe', timeout: 180_000, env: { ...process.env, CI: '1' } })

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()))
    })
  })
}

let appDir = ''
let preview: ChildProcess | undefined
let baseURL = ''

test.beforeAll(async () => {
  appDir = mkdtempSync(path.join(tmpdir(), 'templet-ui-consumer-'))
  run('pnpm', ['pack', '--pack-destination', appDir], uiDir)
  const tarball = readdirSync(appDir).find((f) => f.endsWith('.tgz'))
  if (!tarball) throw new Error('pnpm pack wrote no tarball')
  cpSync(path.join(import.meta.dirname, 'consumer-app'), appDir, { recursive: true })
  writeFileSync(
    path.join(appDir, 'package.json'),
    JSON.stringify({
      name: 'ui-consumer',
      private: true,
      type: 'module',
      dependencies: {
        '@templet/ui': `file:./${tarball}`,
        react: '19.3.1',
        'react-dom': '19.3.1',
        vite: '8.3.8',
        '@vitejs/plugin-react': '6.3.0',
      },
    }),
  )
  // The pnpm store already holds every package, so this needs no download on a machine that ran `npm test`.
  run('pnpm', ['install', '--prefer-offline', '--ignore-workspace', '--reporter=silent'], appDir)
  run('pnpm', ['exec', 'vite', 'build'], appDir)
  const port = await freePort()
  baseURL = `http://127.0.0.1:${port}`
  preview = spawn(
    'pnpm',
    ['exec', 'vite', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    {
      cwd: appDir,
      stdio: 'ignore',
    },
  )
  await expect
    .poll(async () => (await fetch(baseURL).catch(() => undefined))?.status, { timeout: 30_000 })
    .toBe(200)
})

test.afterAll(() => {
  preview?.kill()
  if (appDir) rmSync(appDir, { recursive: true, force: true })
})

test('the packed shell renders in an app that does not use Tailwind', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(baseURL)
  const sidebar = page.locator('aside[data-slot="sidebar"]')
  const inbox = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inbox' })
  await expect(inbox).toHaveAttribute('aria-current', 'page')
  // The shipped stylesheet applies: the sidebar has its default width, the header its default height.
  await expect.poll(() => sidebar.evaluate((el) => el.getBoundingClientRect().width)).toBe(250)
  const headerHeight = await page.locator('header').evaluate((el) => el.getBoundingClientRect().height)
  expect(headerHeight).toBe(74)
  const bell = page.getByRole('link', { name: 'Notifications, 250 unread' })
  await expect(bell.locator('[data-slot="notification-bell-badge"]')).toHaveText('99+')
  await expect(bell.locator('[data-slot="notification-bell-badge"]')).toBeVisible()

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Outbox' }).click()
  await expect(page.getByRole('main')).toContainText('Page /outbox')
  await page.getByRole('button', { name: 'Toggle sidebar' }).click()
  await expect.poll(() => sidebar.evaluate((el) => el.getBoundingClientRect().width)).toBeLessThan(100)
  // A toast raised through the `@templet/ui/toast` subpath shows in the root export's Toaster.
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Saved /outbox')).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('consumer-app.png') })
})

test('the tarball holds only what the build made: every chunk is imported, every subpath exists', () => {
  const dist = path.join(appDir, 'node_modules/@templet/ui/dist')
  const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'))
  const imported = new Set<string>()
  for (const file of files) {
    const code = readFileSync(path.join(dist, file), 'utf8')
    for (const [, chunk] of code.matchAll(/from\s*["'](?:\.\.?\/)+(chunk-[\w-]+\.js)["']/g))
      imported.add(chunk ?? '')
  }
  const chunks = files.filter((f) => path.basename(f).startsWith('chunk-'))
  expect(chunks.length).toBeGreaterThan(0)
  expect(chunks.filter((chunk) => !imported.has(path.basename(chunk)))).toEqual([])
  const pkg = JSON.parse(readFileSync(path.join(dist, '../package.json'), 'utf8')) as {
    exports: Record<string, string | { import: string; types: string }>
  }
  for (const target of Object.values(pkg.exports)) {
    for (const file of typeof target === 'string' ? [target] : [target.import, target.types]) {
      expect(existsSync(path.join(dist, '..', file)), file).toBe(true)
    }
  }
})
