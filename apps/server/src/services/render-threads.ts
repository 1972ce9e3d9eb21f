import { Worker } from 'node:worker_threads'
import { RenderError, type Rendered, type RenderOptions } from '@templet/render'
import type { Template, Values } from '@templet/template'
import type { Renderer } from './renderer'

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

/**
 * `renderer` with its `render` (a creation's raster files) run in a worker thread (`script`, render-thread.js):
 * the pixels and the encoders' memory are that thread's, so the garbage collections they set off walk its small
 * heap instead of the whole process's. Previews and PDFs stay in this thread. The thread starts with the first
 * render and again after one dies (its renders in flight fail and are retried as any failed render is).
 */
export function threadRenderer(
  renderer: Renderer,
  o: { script: URL; decodedImageCacheBytes: number },
): Renderer & { start(): Promise<void>; close(): Promise<void> } {
  let worker: Worker | undefined
  let ready: Promise<void> = Promise.resolve()
  const waiting = new Map<number, Waiting>()
  let nextId = 0

  const fail = (err: Error) => {
    for (const w of waiting.values()) w.reject(err)
    waiting.clear()
    worker = undefined
  }

  const start = (): Worker => {
    const w = new Worker(o.script, { workerData: { decodedImageCacheBytes: o.decodedImageCacheBytes } })
    // An idle thread does not keep the process alive.
    w.unref()
    ready = new Promise((resolve, reject) => {
      w.once('message', () => resolve())
      w.once('error', reject)
      w.once('exit', (code) => reject(new Error(`the render thread stopped (exit code ${code})`)))
    })
    // Seen by the renders waiting for it; a thread that fails to start is started again by the next render.
    ready.catch(() => {})
    w.on('message', (m: FromThread) => {
      if (m.type === 'ready') return
      if (m.type === 'image') {
        const source = waiting.get(m.renderId)?.images
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
      const job = waiting.get(m.id)
      if (!job) return
      waiting.delete(m.id)
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
    w.on('error', (err) => {
      if (worker === w) fail(err)
    })
    w.on('exit', (code) => {
      if (worker === w) fail(new Error(`the render thread stopped (exit code ${code})`))
    })
    return w
  }

  return {
    ...renderer,
    /** Starts the thread and waits until it has loaded the renderer (a worker does, before it takes jobs). */
    async start() {
      worker ??= start()
      await ready
    },
    render(template: Template, values: Values, options: RenderOptions = {}) {
      worker ??= start()
      const w = worker
      const id = ++nextId
      const { images, decodedImages: _inThisThread, ...rest } = options
      return new Promise<Rendered>((resolve, reject) => {
        waiting.set(id, { resolve, reject, images })
        // Keeps the process alive while a render is in flight.
        w.ref()
        w.postMessage({ type: 'render', id, template, values, options: rest })
      }).finally(() => {
        if (waiting.size === 0) w.unref()
      })
    },
    async close() {
      const w = worker
      worker = undefined
      if (w) await w.terminate()
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
