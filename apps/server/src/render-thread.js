// The thread a worker process renders in (services/render-threads.ts starts it). Plain JavaScript: a thread
// loads it without the TypeScript loader the tests run the server with, and the build emits it as an entry.
// Its own heap holds only the renderer, so the collections that the images' memory sets off walk that small
// heap, not the whole process's.
import { parentPort, workerData } from 'node:worker_threads'
import {
  DecodedImages,
  RASTER_FORMATS,
  render,
  renderPdf,
  renderPreview,
  renderReceipt,
  sanitizeFont,
} from '@templet/render'
import { parseTemplate } from '@templet/template'

if (!parentPort) throw new Error('render-thread.js runs as a worker thread')
const port = parentPort

/** Decoded photos kept between this thread's renders (DECODED_IMAGE_CACHE_MB; 0: none). */
const cacheBytes = Number(workerData?.decodedImageCacheBytes ?? 0)
const decodedImages = cacheBytes > 0 ? new DecodedImages(cacheBytes) : undefined
/** Image requests waiting for the main thread, by request id. */
const imageWaits = new Map()
let nextImage = 0

/**
 * An image the main thread could not read (storage, an upload deleted meanwhile): not the design's fault, so the
 * render is tried again, unlike an error of the drawing itself.
 */
class ImageReadError extends Error {
  name = 'ImageReadError'
}

/** Asks the main thread for an image (it reads the caller's uploads from storage). */
function image(renderId, ref) {
  const id = ++nextImage
  return new Promise((resolve, reject) => {
    imageWaits.set(id, { resolve, reject })
    port.postMessage({ type: 'image', renderId, id, ref })
  })
}

/** A copy the main thread can take over (a Buffer may share a pool, or memory the thread cannot give away). */
const own = (buffer) => new Uint8Array(buffer)

/**
 * A stamp-sized design in the built-in families: drawn once before the thread says it is ready, so a new
 * thread's first render (the one after a stopped thread, most of all) is not charged, against its time limit,
 * with registering those fonts and compiling the drawing code.
 */
const warmUp = parseTemplate({
  id: 'warm-up',
  typeId: 'warm-up',
  name: { en: 'Warm-up', 'zh-CN': '预热' },
  sizes: [{ id: 'stamp', width: 48, height: 48, label: { en: 'Stamp', 'zh-CN': '邮票' } }],
  fields: [],
  layers: [
    {
      id: 'shape',
      type: 'shape',
      fill: '#ffffff',
      shadow: { color: '#000000', blur: 2 },
      box: { x: 0, y: 0, w: 48, h: 48 },
    },
    ...['sans', 'serif', 'grotesk'].map((font, i) => ({
      id: font,
      type: 'text',
      text: 'Aa 1',
      font,
      size: 12,
      box: { x: 0, y: i * 16, w: 48, h: 16 },
    })),
  ],
  samples: { en: {}, 'zh-CN': {} },
})
// Messages sent meanwhile wait on the port until its listener below is attached.
await renderPreview(warmUp, {}, {})

port.on('message', async (m) => {
  if (m.type === 'image') {
    const wait = imageWaits.get(m.id)
    imageWaits.delete(m.id)
    if (m.error !== undefined) wait?.reject(new ImageReadError(m.error))
    else wait?.resolve(m.bytes === undefined ? undefined : Buffer.from(m.bytes))
    return
  }
  if (m.type === 'font') {
    try {
      const { facts, data } = await sanitizeFont(m.bytes)
      const file = own(data)
      port.postMessage({ type: 'done', id: m.id, font: { facts, data: file } }, [file.buffer])
    } catch (err) {
      failed(m.id, err)
    }
    return
  }
  if (m.type === 'receipt') {
    try {
      const pdf = own(await renderReceipt(m.sheet))
      port.postMessage({ type: 'done', id: m.id, pdf }, [pdf.buffer])
    } catch (err) {
      // A receipt is our own layout, not a customer's design: a failure of it is ours.
      failed(m.id, err)
    }
    return
  }
  const options = {
    ...m.options,
    // A Buffer arrives as a Uint8Array.
    brandFonts: m.options.brandFonts?.map((f) => ({ ...f, data: Buffer.from(f.data) })),
    images: (ref) => image(m.id, ref),
    decodedImages,
  }
  try {
    if (m.type === 'preview') {
      const out = await renderPreview(m.template, m.values, options)
      const data = own(out.data)
      port.postMessage({ type: 'done', id: m.id, preview: { ...out, data } }, [data.buffer])
      return
    }
    if (m.type === 'pdf') {
      const pdf = own(await renderPdf(m.template, m.rows, options))
      port.postMessage({ type: 'done', id: m.id, pdf }, [pdf.buffer])
      return
    }
    const out = await render(m.template, m.values, options)
    // The files asked for (see `formats`) and the thumbnail.
    const files = Object.fromEntries(
      [...RASTER_FORMATS, 'thumbnail'].flatMap((f) => (out[f] ? [[f, own(out[f])]] : [])),
    )
    port.postMessage(
      { type: 'done', id: m.id, rendered: { ...out, ...files } },
      Object.values(files).map((f) => f.buffer),
    )
  } catch (err) {
    failed(m.id, err, true)
  }
})

/**
 * Tells the main thread that task `id` failed, with the error's class and code (it rebuilds the error) and
 * whether it was thrown while drawing (the same design would throw it again).
 */
function failed(id, err, drawing = false) {
  port.postMessage({
    type: 'failed',
    id,
    error: {
      name: err?.name,
      code: err?.code,
      message: String(err?.message ?? err),
      stack: err?.stack,
      drawing,
    },
  })
}

// The renderer is loaded: renders and previews can come.
port.postMessage({ type: 'ready' })
