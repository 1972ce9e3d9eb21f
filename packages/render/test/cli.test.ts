import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { CATALOGUE_DIR } from '@templet/catalogue'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const pkg = fileURLToPath(new URL('..', import.meta.url))
const cli = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { cwd: pkg })

describe('templet-render (CLI)', () => {
  const dirs: string[] = []
  const scratch = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'templet-cli-'))
    dirs.push(dir)
    return dir
  }
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))))

  it('renders a template file with a values file to the format of the output name', async () => {
    const dir = await scratch()
    const values = path.join(dir, 'values.json')
    await writeFile(values, JSON.stringify({ headline: 'Hello from the CLI', photo: 'sample:coffee' }))
    const out = path.join(dir, 'out.webp')
    const { stdout } = await cli(
      `${CATALOGUE_DIR}/templates/photo-feature.json`,
      values,
      '-o',
      out,
      '--size',
      'portrait',
    )
    expect(stdout).toContain('1080×1350')
    const meta = await sharp(await readFile(out)).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1080, 1350])
  })

  it('writes a PDF when the output name ends in .pdf', async () => {
    const dir = await scratch()
    const out = path.join(dir, 'award.pdf')
    const { stdout } = await cli(`${CATALOGUE_DIR}/templates/award-certificate.json`, '-o', out)
    expect(stdout).toContain('PDF')
    expect((await readFile(out)).subarray(0, 5).toString()).toBe('%PDF-')
  })

  it('exits 1 naming the layer and property of a broken template', async () => {
    const dir = await scratch()
    const t = JSON.parse(await readFile(`${CATALOGUE_DIR}/templates/bold-quote.json`, 'utf8'))
    t.layers[3].size = 'huge'
    await writeFile(path.join(dir, 't.json'), JSON.stringify(t))
    const err = await cli(path.join(dir, 't.json'), '-o', path.join(dir, 'o.png')).catch(
      (e: { code: number; stderr: string }) => e,
    )
    expect(err).toMatchObject({ code: 1 })
    expect((err as { stderr: string }).stderr).toContain('layer "quote", property "size"')
  })
})
