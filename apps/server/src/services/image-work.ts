import { Code } from '@templet/api/contract'
import { AppError } from '../errors'

/** How long a client is told to wait when the process has no room for its image work. */
export const BUSY_RETRY_SECONDS = 5

export class BusyError extends AppError {
  override name = 'BusyError'
  constructor() {
    super(Code.tooManyRequests, 'The server is busy with other images; try again in a few seconds', {
      retryAfterSeconds: BUSY_RETRY_SECONDS,
    })
  }
}

interface Waiter {
  weight: number
  grant: () => void
}

/**
 * A weighted semaphore: work takes `weight` units of `capacity` while it runs, and waits (first come, first
 * served, so a large job is not starved by small ones) while there is no room. A waiter that gets no room
 * within `maxWaitMs`, or finds `maxQueue` already waiting, or whose client goes away, gets a {@link BusyError}
 * (429 with Retry-After) instead: memory stays bounded and a client hears back within seconds.
 */
export class WorkBudget {
  #used = 0
  #queue: Waiter[] = []

  constructor(
    readonly capacity: number,
    private readonly o: { maxWaitMs: number; maxQueue: number },
  ) {}

  /** Units in use now (for tests and metrics). */
  get used(): number {
    return this.#used
  }

  /** Waits for `weight` units (a weight above the capacity takes all of it) and returns their release. */
  acquire(weight: number, signal?: AbortSignal): Promise<() => void> {
    const w = Math.max(1, Math.min(weight, this.capacity))
    if (this.#queue.length === 0 && this.#used + w <= this.capacity) return Promise.resolve(this.#take(w))
    if (this.#queue.length >= this.o.maxQueue || signal?.aborted) return Promise.reject(new BusyError())
    return new Promise((resolve, reject) => {
      const leave = () => {
        clearTimeout(timer)
        signal?.removeEventListener('abort', giveUp)
        const at = this.#queue.indexOf(waiter)
        if (at !== -1) this.#queue.splice(at, 1)
      }
      const giveUp = () => {
        leave()
        reject(new BusyError())
        // The head may have been the one blocking the next ones.
        this.#grantWaiting()
      }
      const waiter: Waiter = {
        weight: w,
        grant: () => {
          leave()
          resolve(this.#take(w))
        },
      }
      const timer = setTimeout(giveUp, this.o.maxWaitMs)
      signal?.addEventListener('abort', giveUp, { once: true })
      this.#queue.push(waiter)
    })
  }

  /** Runs `work` holding `weight` units. */
  async run<T>(weight: number, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const release = await this.acquire(weight, signal)
    try {
      return await work()
    } finally {
      release()
    }
  }

  #take(weight: number): () => void {
    this.#used += weight
    let released = false
    return () => {
      if (released) return
      released = true
      this.#used -= weight
      this.#grantWaiting()
    }
  }

  #grantWaiting() {
    for (;;) {
      const head = this.#queue[0]
      if (!head || this.#used + head.weight > this.capacity) return
      head.grant()
    }
  }
}

/**
 * Limits on one process's image work, the part of the server whose memory grows with its input: the upload
 * bodies held at once (each up to 10 MB, a few copies while parsed), and the pixels decoded or rendered at
 * once (a 49-megapixel JPEG takes ~300 MB to decode and re-encode).
 */
export class ImageWork {
  readonly uploads: WorkBudget
  readonly pixels: WorkBudget

  constructor(o: { uploadsAtOnce: number; megapixelsAtOnce: number; maxWaitMs: number }) {
    const queue = { maxWaitMs: o.maxWaitMs, maxQueue: 64 }
    this.uploads = new WorkBudget(o.uploadsAtOnce, queue)
    this.pixels = new WorkBudget(Math.round(o.megapixelsAtOnce * 1_000_000), queue)
  }
}
