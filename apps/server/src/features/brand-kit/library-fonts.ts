import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { type LibraryFamily, libraryFaceName } from '@templet/fonts'
import { libraryFaceFile } from '@templet/fonts/files'

const require = createRequire(import.meta.url)

/**
 * The converter's thread: wawoff2 (Google's woff2 compiled to WebAssembly, shipped in its npm package) takes
 * about a second of CPU for a face, which on the server's own thread would hold every other request.
 */
const CONVERTER = `
const { parentPort, workerData } = require('node:worker_threads')
const { compress } = require(workerData.wawoff2)
// One at a time: the result is a view of the WebAssembly heap, which the next conversion may grow (and so
// detach), so its bytes are copied out before another starts.
let queue = Promise.resolve()
parentPort.on('message', ({ id, ttf }) => {
  queue = queue
    .then(() => compress(ttf))
    .then(
      (view) => {
        const woff2 = view.slice()
        parentPort.postMessage({ id, woff2 }, [woff2.buffer])
      },
      (e) => parentPort.postMessage({ id, error: String(e) }),
    )
})`

let worker: Worker | undefined
let nextId = 0
const waiting = new Map<number, { resolve: (b: Uint8Array) => void; reject: (e: Error) => void }>()

function converter(): Worker {
  if (worker) return worker
  const w = new Worker(CONVERTER, { eval: true, workerData: { wawoff2: require.resolve('wawoff2') } })
  w.on('message', (m: { id: number; woff2?: Uint8Array; error?: string }) => {
    const job = waiting.get(m.id)
    waiting.delete(m.id)
    if (m.woff2) job?.resolve(m.woff2)
    else job?.reject(new Error(`woff2 conversion failed: ${m.error}`))
    if (waiting.size === 0) w.unref()
  })
  w.on('error', (e) => {
    for (const job of waiting.values()) job.reject(e)
    waiting.clear()
    worker = undefined
  })
  worker = w
  return w
}

const toWoff2 = (ttf: Buffer) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const id = nextId++
    waiting.set(id, { resolve, reject })
    const w = converter()
    w.ref()
    w.postMessage({ id, ttf })
  })

/** Converted faces outlive the process: a package's version is in the path, so its bytes never go stale. */
const CACHE = path.join(os.tmpdir(), 'templet-library-woff2')
const converting = new Map<string, Promise<Uint8Array>>()

/**
 * A library family's face as WOFF2 (about a third of its TTF), converted from the TTF the server draws with on
 * the first request for it and kept on disk; concurrent requests for one face share one conversion. Undefined
 * when the family has no such face.
 */
export function libraryWoff2(
  f: LibraryFamily,
  weight: number,
  italic: boolean,
): Promise<Uint8Array> | undefined {
  const ttf = libraryFaceFile(f, weight, italic)
  if (!ttf) return undefined
  const file = path.join(CACHE, `${f.slug}@${f.version}`, `${libraryFaceName(weight, italic)}.woff2`)
  let done = converting.get(file)
  if (!done) {
    done = readFile(file).catch(async () => {
      const woff2 = await toWoff2(await readFile(ttf))
      await mkdir(path.dirname(file), { recursive: true })
      // Written aside and renamed: a process reading the cache never sees half a file.
      const aside = `${file}.${process.pid}.${Date.now()}`
      await writeFile(aside, woff2)
      await rename(aside, file)
      return woff2
    })
    converting.set(file, done)
    done.then(
      () => converting.delete(file),
      () => converting.delete(file),
    )
  }
  return done
}
