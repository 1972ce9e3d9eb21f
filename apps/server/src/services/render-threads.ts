import { Worker } from 'node:worker_threads'
import { Code } from '@templet/api/contract'
import {
  FontFileError,
  FontLimitError,
  RASTER_FORMATS,
  type RasterFormat,
  type ReceiptSheet,
  RenderError,
  type Rendered,
  type RenderOptions,
  type SanitizedFont,
} from '@templet/render'
import type { Template, Values } from '@templet/template'
import { AppError } from '../errors'
import type { AccountPdfOptions, AccountRenderOptions, PreviewOptions, Renderer } from './renderer'

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
      // For a client that words the refusal in its reader's language.
      { limitSeconds },
    )
  }
}

/**
 * A render whose thread ran out of its `RENDER_MEMORY_LIMIT_MB` while drawing it alone: the same design would
 * run out again, so it is refused (422, not retried, nothing spent) with what the customer can change.
 */
export class RenderTooLarge extends AppError {
  override name = 'RenderTooLarge'
  constructor(readonly limitMb: number) {
    super(
      Code.unprocessable,
      `This design needs more than ${limitMb} MB of memory to draw: use fewer sizes, layers or less text`,
      { limitMb },
    )
  }
}

/**
 * A drawing that threw in its thread: the renderer is deterministic, so the same design and values would throw
 * again. It is refused once (422, not retried, nothing spent), naming what failed, rather than tried again and
 * answered as a failure on our side. Two failures are not the design's and are retried as before: an image the
 * main thread could not read, and memory the process could not get at the time.
 */
export class RenderNotDrawable extends AppError {
  override name = 'RenderNotDrawable'
  constructor(error: string) {
    const reason = error.slice(0, 200)
    super(
      Code.unprocessable,
      `This design could not be drawn (${reason}): change or remove the layer or size it names, or tell support which design it is`,
      // For a client that words the refusal in its reader's language.
      { reason },
    )
  }
}

/** A preview as `renderPreview` answers it. */
type Preview = Awaited<ReturnType<Renderer['renderPreview']>>

/** A finished task as the thread sends it: a render's files, a preview's one image, a PDF (a receipt's too), or a font file. */
type Done =
  | {
      type: 'done'
      id: number
      rendered: Omit<Rendered, RasterFormat | 'thumbnail'> &
        Partial<Record<RasterFormat, Uint8Array>> & { thumbnail: Uint8Array }
    }
  | { type: 'done'; id: number; preview: Preview & { data: Uint8Array } }
  | { type: 'done'; id: number; pdf: Uint8Array }
  | { type: 'done'; id: number; font: SanitizedFont }

type Waiting = {
  resolve: (done: Done) => void
  reject: (err: Error) => void
  images: RenderOptions['images']
  /** The time limit's timer, once the render's thread has it. */
  timer?: NodeJS.Timeout
}

type FromThread =
  | { type: 'ready' }
  | { type: 'image'; renderId: number; id: number; ref: string }
  | Done
  | { type: 'failed'; id: number; error: ThreadError }

/** An error as a thread reports it; `drawing`: thrown by the renderer while drawing. */
type ThreadError = { name?: string; code?: string; message: string; stack?: string; drawing?: boolean }

/**
 * One render thread: its worker, the promise of its renderer loaded, and its renders in flight by id (one alone
 * when that render is being drawn again by itself, after a thread ran out of memory with it and others).
 */
interface Thread {
  worker: Worker
  ready: Promise<void>
  waiting: Map<number, Queued>
}

/** What a thread is asked to draw: a render or a preview of one set of values, or a PDF of rows of them. */
type Drawing = { type: 'render' | 'preview'; values: Values } | { type: 'pdf'; rows: Values[] }

/** What a thread is sent: a drawing of a template, a receipt to lay out, or an uploaded font file to sanitise. */
type Task =
  | (Drawing & {
      template: Template
      options: Omit<PreviewOptions & AccountPdfOptions, 'images' | 'decodedImages' | 'account'>
    })
  | { type: 'receipt'; sheet: ReceiptSheet }
  | { type: 'font'; bytes: Uint8Array }

/** A task waiting for a thread, with what to send it and how long it may take once there. */
interface Queued {
  id: number
  message: Task & { id: number }
  limitSeconds: number | undefined
  waiting: Waiting
  /** Whose task it is: the queue it waits in. */
  account: number | undefined
  /** Drawn with no other render in its thread: it was in flight when a thread ran out of memory. */
  alone?: boolean
}

/**
 * Renders one thread takes at once: while one draws, the other's files are encoded (sharp works outside the
 * thread). On 2 busy cores (load average 16), 12 article cards took 1.0 to 1.25 s two at a time in one thread
 * against 1.15 to 1.75 s one after another, about what any number at once took; more would only put more renders
 * at risk when a thread is stopped.
 */
export const RENDERS_PER_THREAD = 2

/**
 * `renderer` with its `render` (a creation's raster files) run in a pool of `threads` worker threads (`script`,
 * render-thread.js): the pixels and the encoders' memory are those threads', so the garbage collections they set
 * off walk their small heaps instead of the whole process's, and a long render does not hold up this thread's
 * requests; a preview (`renderPreview`) goes the same way. A thread starts with the first render it takes and again
 * after one dies (its renders in flight fail and are retried as any failed render is).
 *
 * Each thread takes {@link RENDERS_PER_THREAD} renders at once; the rest wait in one queue per account (`account`
 * of the options), the accounts taking turns, so another account's render waits for the renders in flight and at
 * most one of each account ahead of it, not for a whole batch.
 *
 * A render still running `timeLimitSeconds` after its thread took it is refused with {@link RenderTooSlow}, and
 * the thread is stopped (terminating it is the one way to stop a drawing), so the next render starts a new one.
 *
 * A thread's heap is bounded by `memoryLimitMb`. A thread that runs out of it is gone with its renders in flight:
 * each of them is drawn again alone in a thread, and one that runs out alone is refused with
 * {@link RenderTooLarge}, so a costly design costs another account's render in the same thread nothing but time.
 * Memory outside the heaps (pixels, encoders) is bounded by `rssLimitMb`: past it, tasks start one at a time.
 */
export function threadRenderer(
  renderer: Renderer,
  o: {
    script: URL
    decodedImageCacheBytes: number
    timeLimitSeconds?: number
    memoryLimitMb?: number
    /** The process's resident memory past which a task starts only when none is in flight. */
    rssLimitMb?: number
    threads?: number
  },
): Renderer & { start(): Promise<void>; close(): Promise<void> } {
  const slots: (Thread | undefined)[] = Array.from({ length: Math.max(1, o.threads ?? 1) }, () => undefined)
  /** Renders waiting for a thread, by account, in the order the accounts take turns. */
  const queues = new Map<number | undefined, Queued[]>()
  let nextId = 0

  /** Fails the thread's renders in flight; its slot starts a new thread for the next render. */
  const fail = (t: Thread, err: Error) => {
    const slot = slots.indexOf(t)
    if (slot >= 0) slots[slot] = undefined
    for (const q of t.waiting.values()) q.waiting.reject(err)
    t.waiting.clear()
    pump()
  }

  /**
   * The thread ran out of memory: a render drawn alone is refused, and renders drawn together are each queued
   * again, first in their account's turn, to be drawn alone (which of them took the memory is unknown).
   */
  const outOfMemory = (t: Thread, limitMb: number) => {
    const slot = slots.indexOf(t)
    if (slot >= 0) slots[slot] = undefined
    const inFlight = [...t.waiting.values()]
    t.waiting.clear()
    for (const q of inFlight) {
      clearTimeout(q.waiting.timer)
      if (q.alone || inFlight.length === 1) q.waiting.reject(new RenderTooLarge(limitMb))
      else {
        queues.set(q.account, [{ ...q, alone: true }, ...(queues.get(q.account) ?? [])])
      }
    }
    pump()
  }

  /** Refuses render `id` as too slow and stops its thread; the thread's other renders fail as on any stop. */
  const tooSlow = (t: Thread, id: number, limitSeconds: number) => {
    const job = t.waiting.get(id)
    if (!job) return
    t.waiting.delete(id)
    job.waiting.reject(new RenderTooSlow(limitSeconds))
    fail(t, new Error(`the render thread was stopped: a render in it ran past ${limitSeconds} s`))
    void t.worker.terminate()
  }

  /**
   * The next render a thread with `inFlight` renders may take: the first waiting of the account whose turn it
   * is, which then goes last. While a render waits to be drawn alone, a busy thread takes nothing more, so it
   * soon becomes the idle thread that render needs.
   */
  const nextQueued = (inFlight: number): Queued | undefined => {
    if (inFlight > 0 && [...queues.values()].some((queue) => queue[0]?.alone)) return undefined
    for (const [account, queue] of queues) {
      queues.delete(account)
      const next = queue.shift()
      if (queue.length > 0) queues.set(account, queue)
      if (next) return next
    }
    return undefined
  }

  /** Whether thread `t` (none yet: a new one) may take another render. */
  const hasRoom = (t: Thread | undefined) =>
    t === undefined || (t.waiting.size < RENDERS_PER_THREAD && ![...t.waiting.values()].some((q) => q.alone))

  /**
   * Whether another task may start: always when none is in flight (work goes on, one task at a time), else while
   * the process's resident memory is under `rssLimitMb`. The threads' heap limit does not bound what Skia and the
   * encoders hold outside it; this does, by drawing fewer at once until tasks in flight have let it go.
   */
  const mayStart = () =>
    o.rssLimitMb === undefined ||
    slots.every((t) => !t || t.waiting.size === 0) ||
    process.memoryUsage.rss() < o.rssLimitMb * 2 ** 20

  /** Hands waiting renders to threads with room, starting threads as needed. */
  const pump = () => {
    for (let slot = 0; slot < slots.length && queues.size > 0; slot += 1) {
      let t = slots[slot]
      while (queues.size > 0 && hasRoom(t) && mayStart()) {
        const q = nextQueued(t?.waiting.size ?? 0)
        if (!q) break
        if (!t) {
          t = start()
          slots[slot] = t
        }
        send(t, q)
      }
    }
  }

  const send = (t: Thread, q: Queued) => {
    const { id } = q
    t.waiting.set(id, q)
    // Keeps the process alive while a render is in flight.
    t.worker.ref()
    t.worker.postMessage(q.message)
    const limit = q.limitSeconds
    if (limit === undefined) return
    // Counted from when the thread has loaded the renderer: a thread's start is not the design's time.
    t.ready.then(
      () => {
        if (t.waiting.has(id)) q.waiting.timer = setTimeout(() => tooSlow(t, id, limit), limit * 1000)
      },
      () => {},
    )
  }

  const start = (): Thread => {
    const w = new Worker(o.script, {
      workerData: { decodedImageCacheBytes: o.decodedImageCacheBytes },
      resourceLimits: o.memoryLimitMb === undefined ? undefined : { maxOldGenerationSizeMb: o.memoryLimitMb },
    })
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
    /** Ends render `id` on this thread: the next waiting render takes its place. */
    const settle = (id: number): Waiting | undefined => {
      const job = t.waiting.get(id)
      if (!job) return undefined
      t.waiting.delete(id)
      if (t.waiting.size === 0) w.unref()
      pump()
      return job.waiting
    }
    w.on('message', (m: FromThread) => {
      if (m.type === 'ready') return
      if (m.type === 'image') {
        const source = t.waiting.get(m.renderId)?.waiting.images
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
      const job = settle(m.id)
      if (!job) return
      if (m.type === 'done') job.resolve(m)
      else job.reject(errorOf(m.error))
    })
    w.on('error', (err: Error & { code?: string }) => {
      if (err.code === 'ERR_WORKER_OUT_OF_MEMORY' && o.memoryLimitMb !== undefined)
        outOfMemory(t, o.memoryLimitMb)
      else fail(t, err)
    })
    w.on('exit', (code) => fail(t, new Error(`the render thread stopped (exit code ${code})`)))
    return t
  }

  /**
   * Queues a drawing in its account's turn; settles when a thread has drawn it, or refused it. A PDF may take
   * the time limit once per page: a batch's document is many designs, each held to a render's limit.
   */
  const draw = (
    drawing: Drawing,
    template: Template,
    options: PreviewOptions | AccountPdfOptions,
  ): Promise<Done> => {
    // The decoded images this thread keeps are of no use to another: each thread keeps its own.
    const { images, account, decodedImages: _, ...sent }: PreviewOptions & AccountPdfOptions = options
    const pages = drawing.type === 'pdf' ? pdfPages(drawing.rows, sent) : 1
    return enqueue({ ...drawing, template, options: sent }, { account, images, pages })
  }

  /** Queues a task in its account's turn; settles when a thread has done it, or refused it. */
  const enqueue = (
    task: Task,
    turn: { account: number | undefined; images?: RenderOptions['images']; pages: number },
  ): Promise<Done> => {
    const id = ++nextId
    const limitSeconds = o.timeLimitSeconds === undefined ? undefined : o.timeLimitSeconds * turn.pages
    return new Promise<Done>((resolve, reject) => {
      const waiting: Waiting = {
        resolve: (done) => {
          clearTimeout(waiting.timer)
          resolve(done)
        },
        reject: (err) => {
          clearTimeout(waiting.timer)
          reject(err)
        },
        images: turn.images,
      }
      const waitingOfAccount = queues.get(turn.account) ?? []
      waitingOfAccount.push({ id, message: { ...task, id }, limitSeconds, waiting, account: turn.account })
      queues.set(turn.account, waitingOfAccount)
      pump()
    })
  }

  return {
    ...renderer,
    /** Starts the threads and waits until they have loaded the renderer (a worker does, before it takes jobs). */
    async start() {
      for (let slot = 0; slot < slots.length; slot += 1) slots[slot] ??= start()
      await Promise.all(slots.map((t) => t?.ready))
    },
    render(template: Template, values: Values, options: AccountRenderOptions = {}) {
      return draw({ type: 'render', values }, template, options).then((done) => {
        if (!('rendered' in done)) throw new Error('the render thread answered a render with a preview')
        const r = done.rendered
        const out: Rendered = {
          width: r.width,
          height: r.height,
          ...(r.dpi && { dpi: r.dpi }),
          thumbnail: asBuffer(r.thumbnail),
          truncated: r.truncated,
        }
        for (const f of RASTER_FORMATS) {
          const bytes = r[f]
          if (bytes) out[f] = asBuffer(bytes)
        }
        return out
      })
    },
    renderPreview(template: Template, values: Values, options: PreviewOptions = {}) {
      return draw({ type: 'preview', values }, template, options).then((done) => {
        if (!('preview' in done)) throw new Error('the render thread answered a preview with a render')
        return { ...done.preview, data: asBuffer(done.preview.data) }
      })
    },
    renderPdf(template: Template, rows: Values[], options: AccountPdfOptions = {}) {
      return draw({ type: 'pdf', rows }, template, options).then((done) => {
        if (!('pdf' in done)) throw new Error('the render thread answered a PDF with another drawing')
        return asBuffer(done.pdf)
      })
    },
    renderReceipt(sheet: ReceiptSheet, options: { account?: number } = {}) {
      return enqueue({ type: 'receipt', sheet }, { account: options.account, pages: 1 }).then((done) => {
        if (!('pdf' in done)) throw new Error('the render thread answered a receipt with another task')
        return asBuffer(done.pdf)
      })
    },
    sanitizeFont(bytes: Uint8Array, options: { account?: number } = {}) {
      return enqueue({ type: 'font', bytes }, { account: options.account, pages: 1 }).then((done) => {
        if (!('font' in done)) throw new Error('the render thread answered a font with a drawing')
        return done.font
      })
    },
    async close() {
      const closed = new Error('the render threads were closed')
      for (const queue of queues.values()) for (const q of queue) q.waiting.reject(closed)
      queues.clear()
      const threads = slots.filter((t): t is Thread => t !== undefined)
      slots.fill(undefined)
      await Promise.all(threads.map((t) => t.worker.terminate()))
    },
  }
}

/** The pages a PDF will have (a row in each size), at least one: its time limit is counted per page. */
const pdfPages = (rows: Values[], o: AccountPdfOptions) => Math.max(1, rows.length * (o.sizeIds?.length ?? 1))

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)

/**
 * The thread's error as this thread's: a RenderError, FontFileError or FontLimitError keeps its class and code
 * (callers tell them apart); one the drawing threw is {@link RenderNotDrawable} unless it is not the design's.
 */
function errorOf(e: ThreadError): Error {
  const err =
    e.name === 'RenderError'
      ? new RenderError(e.code as RenderError['code'], e.message)
      : e.name === 'FontFileError'
        ? new FontFileError(e.code as FontFileError['code'], e.message)
        : e.name === 'FontLimitError'
          ? new FontLimitError(e.code as FontLimitError['code'], e.message)
          : e.drawing && e.name !== 'ImageReadError' && !/memory/i.test(e.message)
            ? new RenderNotDrawable(e.message)
            : new Error(e.message)
  if (e.stack) err.stack = e.stack
  return err
}
