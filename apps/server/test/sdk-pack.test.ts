import { execFile, execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type TestServer } from './harness'

const sdkDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../packages/sdk')
const run = (cmd: string, args: string[], cwd: string) =>
  execFileSync(cmd, args, {
    cwd,
    stdio: 'pipe',
    timeout: 180_000,
    encoding: 'utf8',
    env: { ...process.env, CI: '1' },
  })

/**
 * A developer's program, written as one would with the package from its tarball: typed calls, a wait for a
 * render and a batch, a refusal caught by its slug, a signed image URL; and one wrong call the type checker
 * must refuse (`@ts-expect-error` fails the compile if it were accepted).
 */
const program = `
import { createTemplet, signImageUrl, TempletError, type Render, type RenderCreate } from '@templet/sdk'

const [baseUrl = '', apiKey = '', keyId = '', urlSecret = ''] = process.argv.slice(2)
const templet = createTemplet({ apiKey, baseUrl })
const page = await templet.templates.list({ limit: 100 })
const template = page.data.find((t) => t.fields.every((f) => !(f.kind === 'image' && f.required)))
if (!template) throw new Error('no template renders from its defaults')
// @ts-expect-error template_id is a number
const wrong: RenderCreate = { template_id: 'three' }
void wrong
const render: Render = await templet.renders.create({ template_id: template.id }, { idempotencyKey: 'sdk-pack-1' })
const again = await templet.renders.create({ template_id: template.id }, { idempotencyKey: 'sdk-pack-1' })
const done = await templet.renders.waitFor(render.id, { intervalMs: 100, timeoutMs: 60_000 })
const batch = await templet.batches.create({ template_id: template.id, rows: [{ values: {} }, { values: {} }] })
const finished = await templet.batches.waitFor(batch.id, { intervalMs: 100, timeoutMs: 60_000 })
const rows = await templet.batches.rows(batch.id, { status: 'completed' })
let refused = ''
try {
  await templet.renders.create({ template_id: template.id, values: { no_such_field: 'x' } })
} catch (error) {
  if (error instanceof TempletError) refused = error.slug + ' ' + JSON.stringify(error.problem.issues?.[0]?.path)
}
const url = await signImageUrl({ baseUrl, keyId: Number(keyId), urlSecret, templateId: template.id, format: 'png' })
const image = await fetch(url)
const balance = await templet.balance()
console.log(JSON.stringify({
  render: done.status,
  replayed: again.id === render.id,
  batch: finished.status,
  rows: rows.data.length,
  refused,
  image: image.status + ' ' + image.headers.get('content-type'),
  credits: balance.credits,
}))
`

describe('@templet/sdk from its tarball', () => {
  let s: TestServer
  let dir: string
  beforeAll(async () => {
    s = await startServer('sqlite', { WORKER_CONCURRENCY: '2' }, { jobs: true })
    dir = mkdtempSync(path.join(tmpdir(), 'templet-sdk-'))
  })
  afterAll(async () => {
    await s.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('installs into a project of its own, type-checks a program and runs it against the server', async () => {
    run('pnpm', ['pack', '--pack-destination', dir], sdkDir)
    const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'))
    if (!tarball) throw new Error('pnpm pack wrote no tarball')
    writeFileSync(
      path.join(dir, 'package.json'),
      JSON.stringify({
        name: 'sdk-consumer',
        private: true,
        type: 'module',
        dependencies: { '@templet/sdk': `file:./${tarball}`, typescript: '5.9.3', '@types/node': '20.19.43' },
      }),
    )
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          types: ['node'],
          outDir: 'out',
          skipLibCheck: false,
        },
        include: ['program.ts'],
      }),
    )
    writeFileSync(path.join(dir, 'program.ts'), program)
    // The pnpm store already holds every package, so this needs no download on a machine that ran the install.
    run('pnpm', ['install', '--prefer-offline', '--ignore-workspace', '--reporter=silent'], dir)
    run('pnpm', ['exec', 'tsc', '-p', '.'], dir)

    const dev = await s.signUp()
    const key = await s.call('POST', '/key/create', {
      token: dev.token,
      body: { name: 'sdk', scopes: ['read', 'render'] },
    })
    // Asynchronously: the server answering the program runs in this process.
    const { stdout } = await promisify(execFile)(
      'node',
      ['out/program.js', s.url, key.data.key, String(key.data.id), key.data.urlSecret],
      { cwd: dir, timeout: 120_000 },
    )
    expect(JSON.parse(stdout.trim().split('\n').pop() ?? '{}')).toEqual({
      render: 'completed',
      replayed: true,
      batch: 'completed',
      rows: 2,
      refused: 'invalid_request ["values","no_such_field"]',
      image: '200 image/png',
      credits: 5 - 1 - 2 - 1,
    })
  }, 300_000)
})
