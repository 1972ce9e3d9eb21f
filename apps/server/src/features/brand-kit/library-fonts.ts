import { type ChildProcess, spawn } from 'node:child_process'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { type LibraryFamily, libraryFaceName } from '@templet/fonts'
import { libraryFaceFile } from '@templet/fonts/files'

const require = createRequire(import.meta.url)

/**
 * The converter: wawoff2 (Google's woff2 compiled to WebAssembly, shipped in its npm package) takes about a second
 * of CPU for a face, which on the server's own thread would hold every other request. It runs in a process of
 * its own, started for a conversion and ended when none has come for `IDLE_MS`: its WebAssembly heap, its
 * compiled code and its V8 heap (about 60 MB) go back to the system with it, where a worker thread's stay in the
 * server's resident memory for good (ended, a thread gives back about a third).
 */
const CONVERTER = `
const { compress } = require(process.argv[1])
// One at a time: the result is a view of the WebAssembly heap, which the next conversion may grow (and so
// detach), so its bytes are copied out before another starts.
let queue = Promise.resolve()
process.on('message', ({ id, ttf }) => {
  queue = queue
    .then(() => compress(Buffer.from(ttf)))
    .then(
      (view) => process.send({ id, woff2: view.slice() }),
      (e) => process.send({ id, error: String(e) }),
    )
})
process.on('disconnect', () => process.exit(0))`

/** How long the converter waits for another face before it ends: the font browser asks for several at once. */
const IDLE_MS = 2000

let converterProcess: ChildProcess | undefined
let idle: NodeJS.Timeout | undefined
let nextId = 0
const waiting = new Map<number, { resolve: (b: Uint8Array) => void; reject: (e: Error) => void }>()

function failAll(e: Error) {
  for (const job of waiting.values()) job.reject(e)
  waiting.clear()
}

function converter(): ChildProcess {
  if (converterProcess) return converterProcess
  const p = spawn(process.execPath, ['-e', CONVERTER, require.resolve('wawoff2')], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    serialization: 'advanced',
  })
  p.on('message', (m: { id: number; woff2?: Uint8Array; error?: string }) => {
    const job = waiting.get(m.id)
    waiting.delete(m.id)
    if (m.woff2) job?.resolve(m.woff2)
    else job?.reject(new Error(`woff2 conversion failed: ${m.error}`))
    if (waiting.size === 0) {
      // Nothing in flight: the server may end without waiting for the converter, which ends when idle.
      p.unref()
      p.channel?.unref()
      idle = setTimeout(() => {
        // A conversion asked for from here on starts another converter.
        if (converterProcess === p) converterProcess = undefined
        p.disconnect()
      }, IDLE_MS)
      idle.unref()
    }
  })
  // The converter in use failed: its conversions with it (one ended when idle had none).
  const gone = (e: Error) => {
    if (converterProcess !== p) return
    converterProcess = undefined
    failAll(e)
  }
  p.on('error', gone)
  p.on('exit', (code, signal) => gone(new Error(`the woff2 converter ended (${signal ?? code})`)))
  converterProcess = p
  return p
}

const toWoff2 = (ttf: Buffer) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const id = nextId++
    waiting.set(id, { resolve, reject })
    clearTimeout(idle)
    const p = converter()
    p.ref()
    p.channel?.ref()
    p.send({ id, ttf })
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
