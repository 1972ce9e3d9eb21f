// Proves the designer embeds for real: the packed tarballs of @templet/designer and the two packages it is made
// of, installed into a scratch Vite React app outside the workspace, build and render the designer in Chromium.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'

const packages = path.resolve('packages')
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
  appDir = mkdtempSync(path.join(tmpdir(), 'templet-designer-consumer-'))
  /** Packs a workspace package into the app's folder; its tarball's name. */
  const pack = (dir: string) => {
    const before = new Set(readdirSync(appDir))
    run('pnpm', ['pack', '--pack-destination', appDir], path.join(packages, dir))
    const tarball = readdirSync(appDir).find((f) => f.endsWith('.tgz') && !before.has(f))
    if (!tarball) throw new Error(`pnpm pack wrote no tarball for ${dir}`)
    return `file:./${tarball}`
  }
  const own = {
    '@templet/designer': pack('designer'),
    '@templet/template': pack('template'),
    '@templet/ui': pack('ui'),
  }
  cpSync(path.join(import.meta.dirname, 'consumer-app'), appDir, { recursive: true })
  writeFileSync(
    path.join(appDir, 'package.json'),
    JSON.stringify({
      name: 'designer-consumer',
      private: true,
      type: 'module',
      dependencies: {
        ...own,
        react: '19.3.1',
        'react-dom': '19.3.1',
        vite: '8.3.8',
        '@vitejs/plugin-react': '6.3.0',
      },
      // The designer names its own packages by version: here they come from their tarballs, not a registry.
      pnpm: {
        overrides: { '@templet/template': own['@templet/template'], '@templet/ui': own['@templet/ui'] },
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
    { cwd: appDir, stdio: 'ignore' },
  )
  await expect
    .poll(async () => (await fetch(baseURL).catch(() => undefined))?.status, { timeout: 30_000 })
    .toBe(200)
})

test.afterAll(() => {
  preview?.kill()
  if (appDir) rmSync(appDir, { recursive: true, force: true })
})

test('the packed designer renders, draws and edits a document in an app outside the workspace', async ({
  page,
}) => {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(baseURL)
  const canvas = page.getByRole('group', { name: 'Design' })
  await expect(canvas).toBeVisible()
  // The model drew the document: the dot's middle is its fill (the canvas at zoom 0.5 and the screen's ratio).
  const dotColour = () =>
    canvas.locator('canvas').evaluate((el: HTMLCanvasElement) => {
      const k = el.width / 600
      return [...(el.getContext('2d')?.getImageData(300 * k, 400 * k, 1, 1).data ?? [])]
    })
  await expect.poll(dotColour).toEqual([244, 162, 89, 255])
  await expect(
    page.getByRole('navigation', { name: 'Layers' }).getByRole('button', { name: 'Title', exact: true }),
  ).toBeVisible()
  // Select and nudge with the keyboard; the host hears the change; undo takes it back.
  const dot = page.locator('[data-layer="dot"]')
  await dot.focus()
  await page.keyboard.press('Shift+ArrowRight')
  await expect(page.getByTestId('changes')).toHaveText('1 changes')
  await expect(page.getByLabel('X', { exact: true })).toHaveValue('260')
  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(page.getByLabel('X', { exact: true })).toHaveValue('250')
  // The Add menu, a primitive of the shipped shell, opens and adds a layer.
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await page.getByRole('menuitem', { name: 'Rectangle' }).click()
  await expect(
    page.getByRole('navigation', { name: 'Layers' }).getByRole('button', { name: 'Rectangle', exact: true }),
  ).toBeVisible()
  expect(errors).toEqual([])
  await page.screenshot({ path: test.info().outputPath('designer-consumer.png') })
})
