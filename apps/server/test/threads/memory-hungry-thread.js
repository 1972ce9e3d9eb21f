// A stand-in for render-thread.js speaking its protocol, for the pool's tests: a preview whose values ask for
// `megabytes` keeps that much on the thread's heap (a design that outgrows the thread), and one with `photo`
// first asks the main thread for that image, as a render with a photo does, and waits for it.
import { parentPort } from 'node:worker_threads'

if (!parentPort) throw new Error('memory-hungry-thread.js runs as a worker thread')
const port = parentPort
const kept = []
const imageWaits = new Map()
let nextImage = 0

port.on('message', async (m) => {
  if (m.type === 'image') {
    imageWaits.get(m.id)?.()
    return
  }
  const megabytes = Number(m.values.megabytes ?? 0)
  const { photo } = m.values
  if (photo) {
    const id = ++nextImage
    await new Promise((resolve) => {
      imageWaits.set(id, resolve)
      port.postMessage({ type: 'image', renderId: m.id, id, ref: photo })
    })
  }
  // Many small objects, not one buffer: they live on the heap that the thread's limit bounds.
  for (let mb = 0; mb < megabytes; mb += 1) kept.push(Array.from({ length: 1 << 15 }, (_, i) => ({ i })))
  const data = new Uint8Array([megabytes])
  port.postMessage({ type: 'done', id: m.id, preview: { data, notes: [] } }, [data.buffer])
})
port.postMessage({ type: 'ready' })
