import type { ServerType } from '@hono/node-server'
import type { Config } from './config'
import type { Logger } from './log'
import { type ListenOptions, listen } from './server'

/** How long a shutdown may take before the process gives up and exits 1. */
const SHUTDOWN_LIMIT_MS = 10_000

/**
 * Serves `fetch` as this process's server (an app or a worker process), and on SIGTERM or SIGINT shuts it down
 * once: health checks say it is draining, `beforeClose` lets go of what would hold the server open (schedulers,
 * open streams), the requests in flight finish, `afterClose` stops the rest (jobs, threads, the database), and
 * the process exits; past 10 s it gives up and exits 1.
 */
export function serveProcess(o: {
  config: Config
  log: Logger
  fetch: ListenOptions['fetch']
  lifecycle: { draining: boolean }
  /** What the "listening" line says besides the address. */
  describe: Record<string, unknown>
  beforeClose?: (server: ServerType) => Promise<unknown> | undefined
  afterClose: () => Promise<void>
}): void {
  const { config, log } = o
  const server = listen(
    {
      fetch: o.fetch,
      port: config.port,
      hostname: config.host,
      ...config.http,
    },
    (info) => log.info('listening', { url: `http://${info.address}:${info.port}`, ...o.describe }),
  )

  let stopping = false
  const shutdown = (signal: string) => {
    if (stopping) return
    stopping = true
    log.info('shutting down', { signal })
    o.lifecycle.draining = true
    const force = setTimeout(() => {
      log.error('shutdown timed out; exiting')
      process.exit(1)
    }, SHUTDOWN_LIMIT_MS)
    force.unref()
    const released = o.beforeClose?.(server)
    server.close(async () => {
      await released
      await o.afterClose()
      log.info('stopped')
      process.exit(0)
    })
    if ('closeIdleConnections' in server) server.closeIdleConnections()
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
}
