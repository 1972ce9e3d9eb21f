import { Worker } from 'node:worker_threads'
import { Code } from '@templet/api/contract'
import { RenderError, type Rendered, type RenderOptions } from '@templet/render'
import type { Template, Values } from '@templet/template'
import { AppError } from '../errors'
import type { Renderer } from './renderer'

/**
 * A render that ran past `RENDER_TIME_LIMIT_SECONDS`: its thread was stopped. The same design would be as slow
 * again, so it is refused (422, not retried, nothing spent) with what the customer can change.
 */
export class RenderTooSlow extends AppError {
  override name = 'RenderTooSlow'
  constructor(readonly limitSeconds: number) {
    super(
      Code.unprocessable,
      `This design took longer than ${limitSeconds} s to draw: use fewer sizes, shadows or less text`,
    )
  }
}

type Waiting = {
  resolve: (r: Rendered) => void
  reject: (err: Error) => void
  images: RenderOptions['images']
}

type FromThread =
  | { type: 'ready' }
  | { type: 'image'; renderId: number; id: number; ref: string }
  | {
      type: 'done'
      id: number
      rendered: Rendered & Record<'png' | 'jpeg' | 'webp' | 'thumbnail', Uint8Array>
    }
  | { type: 'failed'; id: number; error: { name?: string; code?: string; message: string; stack?: string } }

/** One render thread: its worker, the promise of its renderer loaded, and its renders in flight by id. */
interface Thread {
  worker: Worker
  ready: Promise<void>
  waiting: Map<number, Waiting>
}

/**
 * `renderer` with its `render` (a creation's raster files) run in a worker thread (`script`, render-thread.js):
 * the pixels and the encoders' memory are that thread's, so the garbage collections they set off walk its small
 * heap instead of the whole process's, and a long render does not hold up this thread's requests. Previews and
 * PDFs stay in this thread. The thread starts with the first render and again after one dies (its renders in
 * flight fail and are retried as any failed render is).
 *
 * A render still running `timeLimitSeconds` after its thread took it is refused with {@link RenderTooSlow}, and
 * the thread is stopped (terminating it is the one way to stop a drawing), so the next render starts a new one.
 */
export function threadRenderer(
  renderer: Renderer,
  o: { script: URL; decodedImageCacheBytes: number; timeLimitSeconds?: number },
): Renderer & { start(): Promise<void>; close(): Promise<void> } {
  let current: Thread | undefined
  let nextId = 0

  /** Fails the thread's renders in flight; the next render starts a new thread. */
  const fail = (t: Thread, err: Error) => {
    if (current === t) current = undefined
    for (const w of t.waiting.values()) w.reject(err)
    t.waiting.clear()
  }

  /** Refuses render `id` as too slow and stops its thread; the thread's other renders fail as on any stop. */
  const tooSlow = (t: Thread, id: number, limitSeconds: number) => {
    const job = t.waiting.get(id)
    if (!job) return
    t.waiting.delete(id)
    job.reject(new RenderTooSlow(limitSeconds))
    fail(t, new Error(`the render thread was stopped: a render in it ran past ${limitSeconds} s`))
    void t.worker.terminate()
  }

  const start = (): Thread => {
    const w = new Worker(o.script, { workerData: { decodedImageCacheBytes: o.decodedImageCacheBytes } })
    // An idle thread does not keep the process alive.
    w.unref()
    const ready = new Promise<void>((resolve, reject) => {
      w.once('message', () => resolve())
      w.once('error', reject)
      w.once('exit', (code) => reject(new Error(`the render thread stopped (exit code ${code})`)))
    })
    // Seen by the renders waiting for it; a thread that fails to start is started again by the next render.
    ready.catch(() => {})
    const t: Thread = { worker: w, ready, waiting: new Map() }
    w.on('message', (m: FromThread) => {
      if (m.type === 'ready') return
      if (m.type === 'image') {
        const source = t.waiting.get(m.renderId)?.images
        // A read that fails fails the render, as it would in this thread (not a creation without its photo).
        void Promise.resolve(source ? source(m.ref) : undefined).then(
          (bytes) => w.postMessage({ type: 'image', id: m.id, bytes }),
          (err: unknown) =>
            w.postMessage({
              type: 'image',
              id: m.id,
              error: err instanceof Error ? err.message : String(err),
            }),
        )
        return
      }
      const job = t.waiting.get(m.id)
      if (!job) return
      t.waiting.delete(m.id)
      if (m.type === 'done') {
        const r = m.rendered
        job.resolve({
          ...r,
          png: asBuffer(r.png),
          jpeg: asBuffer(r.jpeg),
          webp: asBuffer(r.webp),
          thumbnail: asBuffer(r.thumbnail),
        })
      } else job.reject(errorOf(m.error))
    })
    w.on('error', (err) => fail(t, err))
    w.on('exit', (code) => fail(t, new Error(`the render thread stopped (exit code ${code})`)))
    return t
  }

  return {
    ...renderer,
    /** Starts the thread and waits until it has loaded the renderer (a worker does, before it takes jobs). */
    async start() {
      current ??= start()
      await current.ready
    },
    render(template: Template, values: Values, options: RenderOptions = {}) {
      current ??= start()
      const t = current
      const id = ++nextId
      const { images, decodedImages: _inThisThread, ...rest } = options
      let timer: NodeJS.Timeout | undefined
      return new Promise<Rendered>((resolve, reject) => {
        t.waiting.set(id, { resolve, reject, images })
        // Keeps the process alive while a render is in flight.
        t.worker.ref()
        t.worker.postMessage({ type: 'render', id, template, values, options: rest })
        const limit = o.timeLimitSeconds
        // Counted from when the thread has loaded the renderer: a thread's start is not the design's time.
        if (limit !== undefined)
          t.ready.then(
            () => {
              if (t.waiting.has(id)) timer = setTimeout(() => tooSlow(t, id, limit), limit * 1000)
            },
            () => {},
          )
      }).finally(() => {
        clearTimeout(timer)
        if (t.waiting.size === 0) t.worker.unref()
      })
    },
    async close() {
      const t = current
      current = undefined
      if (t) await t.worker.terminate()
    },
  }
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)

/** The thread's error as this thread's: a RenderError keeps its class and code (callers tell them apart). */
function errorOf(e: { name?: string; code?: string; message: string; stack?: string }): Error {
  const err =
    e.name === 'RenderError'
      ? new RenderError(e.code as RenderError['code'], e.message)
      : new Error(e.message)
  if (e.stack) err.stack = e.stack
  return err
}
