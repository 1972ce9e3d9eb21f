// Proves reuse for real: the packed tarball of @templet/ui, installed into a scratch Vite React app outside
// the workspace (no Tailwind there), builds and renders the shell in Chromium.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { type ConsumerApp, startConsumerApp } from '../../../../pack-consumer'

let app: ConsumerApp

test.beforeAll(async () => {
  app = await startConsumerApp({ name: 'ui-consumer', specDir: import.meta.dirname, packages: ['ui'] })
})

test.afterAll(() => app?.stop())

test('the packed shell renders in an app that does not use Tailwind', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(app.baseURL)
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
  await expect(page.getByText('Saved /outbox', { exact: true })).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('consumer-app.png') })
})

test('the tarball holds only what the build made: every chunk is imported, every subpath exists', () => {
  const dist = path.join(app.appDir, 'node_modules/@templet/ui/dist')
  const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'))
  const imported = new Set<string>()
  for (const file of files) {
    const code = readFileSync(path.join(dist, file), 'utf8')
    // `import "./chunk-….js"` too: a barrel shared by two entries may be an empty chunk imported for itself.
    for (const [, chunk] of code.matchAll(/(?:from|import)\s*["'](?:\.\.?\/)+(chunk-[\w-]+\.js)["']/g))
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
