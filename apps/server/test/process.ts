import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** A real server process (src/main.ts under tsx) on a free loopback port. */
export interface ServerProcess {
  url: string
  child: ChildProcess
  /** Everything the process wrote to stdout so far (one JSON line per log entry). */
  output(): string
  /** Sends `signal` and resolves with the exit code (null when killed by the signal). */
  stop(signal?: NodeJS.Signals): Promise<number | null>
}

/** The URL in the server's "listening" log line, once it has written one (one JSON object per line). */
export function listeningUrl(output: string): string | undefined {
  for (const line of output.split('\n')) {
    if (!line.includes('"listening"')) continue
    try {
      const entry = JSON.parse(line) as { msg?: unknown; url?: unknown }
      if (entry.msg === 'listening' && typeof entry.url === 'string') return entry.url
    } catch {
      // a line still being written, or not a log entry
    }
  }
  return undefined
}

/**
 * `nodeArgs`: flags for node itself (`--cpu-prof`, which NODE_OPTIONS does not take). `entry`: the server's
 * main module, relative to the server's folder (a bench may run an earlier version's copy beside this one).
 */
export async function startProcess(
  env: Record<string, string>,
  nodeArgs: string[] = [],
  entry = 'src/main.ts',
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', entry], {
    cwd: serverDir,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', DATABASE_URL: '', ...env },
  })
  let out = ''
  child.stdout?.on('data', (b: Buffer) => {
    out += b.toString()
  })
  child.stderr?.on('data', (b: Buffer) => {
    out += b.toString()
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const url = await new Promise<string>((resolve, reject) => {
    // Generous: a busy machine takes a while to transpile and start the server.
    const timer = setTimeout(() => reject(new Error(`no "listening" within 90 s: ${out}`)), 90_000)
    child.stdout?.on('data', () => {
      const listening = listeningUrl(out)
      if (listening) {
        clearTimeout(timer)
        resolve(listening)
      }
    })
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`exited with ${code}: ${out}`))
    })
  })
  return {
    url,
    child,
    output: () => out,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode
      child.kill(signal)
      return exited
    },
  }
}
