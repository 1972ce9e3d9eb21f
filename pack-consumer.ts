// What the pack tests of the reusable packages share (packages/ui/test/pack, packages/designer/test/pack): the
// workspace packages packed as tarballs, installed into a scratch Vite React app outside the workspace, built and
// served, as another product would use them.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

const packagesDir = path.resolve('packages')
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

/** Asks `url` every 200 ms until it answers 200, for at most `ms`. */
async function waitForOk(url: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if ((await fetch(url).catch(() => undefined))?.status === 200) return
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`${url} did not answer 200 within ${ms} ms`)
}

export type ConsumerApp = { appDir: string; baseURL: string; stop: () => void }

/**
 * Packs the workspace packages named by folder (the first is the one under test; the others are what it is
 * made of and come from their tarballs too, not a registry), copies the `consumer-app` folder beside the
 * calling spec into a scratch directory, installs, builds with Vite and serves the build on a free port.
 */
export async function startConsumerApp(options: {
  name: string
  specDir: string
  packages: string[]
}): Promise<ConsumerApp> {
  const appDir = mkdtempSync(path.join(tmpdir(), `templet-${options.name}-`))
  const pack = (dir: string) => {
    const before = new Set(readdirSync(appDir))
    run('pnpm', ['pack', '--pack-destination', appDir], path.join(packagesDir, dir))
    const tarball = readdirSync(appDir).find((f) => f.endsWith('.tgz') && !before.has(f))
    if (!tarball) throw new Error(`pnpm pack wrote no tarball for ${dir}`)
    return `file:./${tarball}`
  }
  const own = Object.fromEntries(options.packages.map((dir) => [`@templet/${dir}`, pack(dir)]))
  const [, ...madeOf] = Object.keys(own)
  cpSync(path.join(options.specDir, 'consumer-app'), appDir, { recursive: true })
  writeFileSync(
    path.join(appDir, 'package.json'),
    JSON.stringify({
      name: options.name,
      private: true,
      type: 'module',
      dependencies: {
        ...own,
        react: '19.3.1',
        'react-dom': '19.3.1',
        vite: '8.3.8',
        '@vitejs/plugin-react': '6.3.0',
      },
      // A package names the workspace packages it is made of by version: here they come from their tarballs.
      pnpm: { overrides: Object.fromEntries(madeOf.map((name) => [name, own[name]])) },
    }),
  )
  // The pnpm store already holds every package, so this needs no download on a machine that ran `npm test`.
  run('pnpm', ['install', '--prefer-offline', '--ignore-workspace', '--reporter=silent'], appDir)
  run('pnpm', ['exec', 'vite', 'build'], appDir)
  const port = await freePort()
  const baseURL = `http://127.0.0.1:${port}`
  const preview: ChildProcess = spawn(
    'pnpm',
    ['exec', 'vite', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    { cwd: appDir, stdio: 'ignore' },
  )
  const stop = () => {
    preview.kill()
    rmSync(appDir, { recursive: true, force: true })
  }
  try {
    await waitForOk(baseURL, 30_000)
  } catch (error) {
    stop()
    throw error
  }
  return { appDir, baseURL, stop }
}
