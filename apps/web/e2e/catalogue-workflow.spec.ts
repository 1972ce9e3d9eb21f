import { type ChildProcess, spawn } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const catalogue = path.join(repoRoot, 'packages/catalogue')
const samples = path.join(catalogue, 'samples')

/** A port nothing listens on now. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })

type Box = { x: number; y: number; w: number; h: number }
type Doc = { layers: Array<{ id: string; box?: Box }> }

/**
 * The catalogue's authoring workflow as an author runs it (`pnpm --filter @templet/catalogue-designer design
 * <id>`, tools/catalogue-designer), on a copy of the catalogue: a layer dragged on the canvas and saved changes that
 * file by exactly that move.
 */
test.describe('the catalogue workflow', () => {
  let dir: string
  let workflow: ChildProcess | undefined
  test.afterEach(() => {
    // Started here, detached in its own group: pnpm, tsx and the dev server end together.
    if (workflow?.pid) process.kill(-workflow.pid, 'SIGTERM')
    rmSync(dir, { recursive: true, force: true })
  })

  test('a layer dragged in the designer and saved moves that layer in the file, and nothing else', async ({
    page,
  }) => {
    test.setTimeout(240_000)
    dir = mkdtempSync(path.join(tmpdir(), 'templet-catalogue-'))
    for (const part of ['types.json', 'templates'])
      cpSync(path.join(catalogue, part), path.join(dir, 'catalogue', part), { recursive: true })
    cpSync(samples, path.join(dir, 'samples'), { recursive: true })
    const file = path.join(dir, 'catalogue/templates/bold-quote.json')
    const before = readFileSync(file, 'utf8')
    const repoBefore = readFileSync(path.join(catalogue, 'templates/bold-quote.json'), 'utf8')

    const port = await freePort()
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      CATALOGUE_DIR: path.join(dir, 'catalogue'),
    }
    delete env.DISPLAY
    delete env.WAYLAND_DISPLAY
    const child = spawn('pnpm', ['--filter', '@templet/catalogue-designer', 'design', 'bold-quote'], {
      cwd: repoRoot,
      env: { ...env, SAMPLES_DIR: path.join(dir, 'samples') },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    workflow = child
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    const url = `http://127.0.0.1:${port}/?id=bold-quote`
    await expect.poll(() => output, { timeout: 60_000 }).toContain(url)

    await page.setViewportSize({ width: 1400, height: 900 })
    await page.goto(url)
    await expect(page.getByTestId('catalogue-status')).toHaveText(
      'Opened catalogue/templates/bold-quote.json',
    )
    // The author's name, dragged 40 px right on the canvas with Alt held (no snapping).
    const author = page.locator('[data-layer="author"]')
    // The canvas waits for the template's faces, served by a dev server that compiles on first request.
    await expect(author).toBeVisible({ timeout: 60_000 })
    const at = await author.boundingBox()
    if (!at) throw new Error('the author layer has no box on the canvas')
    const was = JSON.parse(before) as Doc
    const box = (d: Doc) => d.layers.find((l) => l.id === 'author')?.box
    const moved = box(was)
    if (!moved) throw new Error('bold-quote has no author box')
    // CSS px per template px: the layer's button on the canvas is its box at the designer's zoom.
    const zoom = at.width / moved.w
    await page.keyboard.down('Alt')
    await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2)
    await page.mouse.down()
    for (let step = 1; step <= 4; step++)
      await page.mouse.move(at.x + at.width / 2 + step * 10, at.y + at.height / 2)
    await page.mouse.up()
    await page.keyboard.up('Alt')
    await expect(page.getByTestId('catalogue-status')).toContainText('unsaved changes')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page.getByTestId('catalogue-status')).toHaveText('Saved catalogue/templates/bold-quote.json')

    const after = readFileSync(file, 'utf8')
    const lines = (text: string) => text.split('\n')
    const changed = lines(after).filter((line, i) => line !== lines(before)[i])
    expect(lines(after)).toHaveLength(lines(before).length)
    expect(changed).toHaveLength(1)
    const now = JSON.parse(after) as Doc
    expect(box(now)).toEqual({ ...moved, x: moved.x + Math.round(40 / zoom) })
    // Everything else is as it was; the repository's own file is untouched.
    expect({ ...now, layers: now.layers.filter((l) => l.id !== 'author') }).toEqual({
      ...was,
      layers: was.layers.filter((l) => l.id !== 'author'),
    })
    expect(readFileSync(path.join(catalogue, 'templates/bold-quote.json'), 'utf8')).toBe(repoBefore)

    // A save with no change is no change to the file.
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page.getByTestId('catalogue-status')).toHaveText('Saved: the file had no changes')
    expect(readFileSync(file, 'utf8')).toBe(after)
  })
})
