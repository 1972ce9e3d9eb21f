import type { Logger } from '../../log'
import { InProcessQueue } from './in-process'
import { PgBossQueue } from './pg-boss'
import type { JobQueue } from './queue'

export type { JobData, JobOutcome, JobQueue, QueueDepth, QueueName } from './queue'
export { oneByOne } from './queue'

/** pg-boss when the database is PostgreSQL, else the in-process queue (docs/product.md#scaling-out). */
export function openJobQueue(o: {
  databaseUrl: string | undefined
  expireSeconds: number
  maintenanceSeconds: number
  log: Logger
}): JobQueue {
  return o.databaseUrl
    ? new PgBossQueue({
        url: o.databaseUrl,
        expireSeconds: o.expireSeconds,
        maintenanceSeconds: o.maintenanceSeconds,
        log: o.log,
      })
    : new InProcessQueue(o.log, o.expireSeconds * 1000)
}
