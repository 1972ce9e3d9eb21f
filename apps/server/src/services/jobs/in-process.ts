import type { Logger } from '../../log'
import { errorFields } from '../../log'
import type { JobData, JobOutcome, JobQueue, QueueDepth, QueueName } from './queue'
import { GroupSize, QUEUES, RETRY_LIMIT } from './queue'

interface Pending<Q extends QueueName> {
  data: JobData[Q]
  attempt: number
  queuedAt: number
}

/** The age in seconds of the earliest of `times` (ms since the epoch) at `now`; 0 without any. */
const oldestSeconds = (times: number[], now: number) =>
  times.reduce((oldest, at) => Math.max(oldest, (now - at) / 1000), 0)

/**
 * The queue of the embedded default (SQLite, one process): jobs wait in memory and run in this process. What
 * a crash loses is found again from the rows at the next start (the owners re-send their unfinished work).
 */
export class InProcessQueue implements JobQueue {
  readonly kind = 'in-process'
  private readonly waiting = new Map<QueueName, Pending<QueueName>[]>(QUEUES.map((q) => [q, []]))
  private readonly running = new Map<QueueName, number>(QUEUES.map((q) => [q, 0]))
  /** When each group running now started, by queue. */
  private readonly runningSince = new Map<QueueName, Set<{ at: number }>>(QUEUES.map((q) => [q, new Set()]))
  private readonly workers = new Map<
    QueueName,
    { concurrency: number; handler: (data: never[]) => Promise<JobOutcome[]>; size: GroupSize }
  >()
  private readonly timers = new Set<NodeJS.Timeout>()
  private readonly inFlight = new Set<Promise<void>>()
  private stopped = false

  /** `groupBudgetMs`: what a group of jobs may take (see {@link GroupSize}). */
  constructor(
    private readonly log: Logger,
    private readonly groupBudgetMs: number,
  ) {}

  async start(): Promise<void> {}

  async send<Q extends QueueName>(queue: Q, jobs: JobData[Q][]): Promise<void> {
    const list = this.waiting.get(queue) as Pending<Q>[]
    for (const data of jobs) list.push({ data, attempt: 0, queuedAt: Date.now() })
    // After the caller's transaction: a job's first query waits for the connection it holds.
    setImmediate(() => this.pump(queue))
  }

  async work<Q extends QueueName>(
    queue: Q,
    concurrency: number,
    handler: (jobs: JobData[Q][]) => Promise<JobOutcome[]>,
  ): Promise<void> {
    this.workers.set(queue, {
      concurrency,
      handler: handler as (data: never[]) => Promise<JobOutcome[]>,
      size: new GroupSize(this.groupBudgetMs),
    })
    this.pump(queue)
  }

  nudge(queue: QueueName): void {
    this.pump(queue)
  }

  private pump(queue: QueueName): void {
    const worker = this.workers.get(queue)
    const list = this.waiting.get(queue) ?? []
    while (
      !this.stopped &&
      worker &&
      list.length > 0 &&
      (this.running.get(queue) ?? 0) < worker.concurrency
    ) {
      const group = list.splice(0, worker.size.next())
      this.running.set(queue, (this.running.get(queue) ?? 0) + 1)
      const since = { at: Date.now() }
      this.runningSince.get(queue)?.add(since)
      const run = (async () => {
        const started = performance.now()
        let outcomes: JobOutcome[]
        try {
          outcomes = await worker.handler(group.map((job) => job.data as never))
        } catch (err) {
          outcomes = group.map(() => ({ error: err }))
        }
        worker.size.record(group.length, performance.now() - started)
        group.forEach((job, i) => {
          const outcome = outcomes[i]
          if (outcome) this.retry(queue, job, outcome.error)
        })
      })().finally(() => {
        this.running.set(queue, (this.running.get(queue) ?? 1) - 1)
        this.runningSince.get(queue)?.delete(since)
        this.inFlight.delete(run)
        this.pump(queue)
      })
      this.inFlight.add(run)
    }
  }

  /** Runs a failed job again after a backoff, or gives it up after {@link RETRY_LIMIT} failures. */
  private retry(queue: QueueName, job: Pending<QueueName>, err: unknown): void {
    job.attempt += 1
    if (job.attempt >= RETRY_LIMIT) {
      this.log.error('job failed for good', { queue, ...errorFields(err) })
      return
    }
    this.log.warn('job failed; retrying', { queue, attempt: job.attempt, ...errorFields(err) })
    const timer = setTimeout(
      () => {
        this.timers.delete(timer)
        this.waiting.get(queue)?.push(job)
        this.pump(queue)
      },
      500 * 2 ** job.attempt,
    )
    this.timers.add(timer)
  }

  async depth(): Promise<QueueDepth[]> {
    const now = Date.now()
    return QUEUES.map((queue) => {
      const list = this.waiting.get(queue) ?? []
      return {
        queue,
        waiting: list.length,
        active: this.running.get(queue) ?? 0,
        oldestWaitingSeconds: list.length > 0 ? (now - Math.min(...list.map((j) => j.queuedAt))) / 1000 : 0,
        oldestActiveSeconds: oldestSeconds(
          [...(this.runningSince.get(queue) ?? [])].map((r) => r.at),
          now,
        ),
      }
    })
  }

  async stop(): Promise<void> {
    this.stopped = true
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
    await Promise.allSettled([...this.inFlight])
  }
}
