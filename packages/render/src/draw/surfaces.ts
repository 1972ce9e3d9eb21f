import { type Canvas, createCanvas } from '@napi-rs/canvas'

/**
 * Drawing surfaces kept between renders of the same pixels. A fresh surface's memory is faulted in page by page
 * the first time it is drawn on: measured on the reference machine, 17–18 ms for a 1080² surface, against 2 ms
 * to draw and read back the bench card's background and text on a kept one (`bench` prints both). A surface is
 * lent to one drawing at a time: `take` removes it from the kept ones, `give` puts it back.
 *
 * The context is given back in the state it was taken in (a drawing restores every `save()`); `take` only
 * clears the pixels. The context's `reset()` would do both, but it allocates the surface again, which is the
 * cost this saves.
 */
export class Surfaces {
  /** Free surfaces by their pixels: the pixels least recently given first, each list oldest first. */
  readonly #free = new Map<string, Canvas[]>()
  #bytes = 0

  /** Keeps at most `maxBytes` of free surfaces (4 bytes a pixel); a larger one is never kept. */
  constructor(readonly maxBytes: number) {}

  /** A surface of `width` × `height`, transparent, its context in its initial state. */
  take(width: number, height: number): Canvas {
    const key = `${width}x${height}`
    const kept = this.#free.get(key)
    const canvas = kept?.pop()
    if (!canvas) return createCanvas(width, height)
    if (kept?.length === 0) this.#free.delete(key)
    this.#bytes -= bytesOf(canvas)
    canvas.getContext('2d').clearRect(0, 0, width, height)
    return canvas
  }

  /**
   * Returns a surface taken from here, its context in the state it was taken in; past the budget, those of the
   * pixels least recently given go first. A drawing that failed half way does not give its surface back.
   */
  give(canvas: Canvas): void {
    const bytes = bytesOf(canvas)
    if (bytes > this.maxBytes) return
    const key = `${canvas.width}x${canvas.height}`
    const kept = this.#free.get(key) ?? []
    this.#free.delete(key)
    this.#free.set(key, [...kept, canvas])
    this.#bytes += bytes
    for (const [oldest, list] of this.#free) {
      if (this.#bytes <= this.maxBytes) break
      const dropped = list.shift()
      if (dropped) this.#bytes -= bytesOf(dropped)
      if (list.length === 0) this.#free.delete(oldest)
    }
  }

  /** Bytes of pixels kept now. */
  get bytes(): number {
    return this.#bytes
  }
}

const bytesOf = (canvas: Canvas) => canvas.width * canvas.height * 4

/**
 * The surfaces this thread's renders draw on: room for four 1080² outputs with their thumbnails (an A4 sheet
 * at 300 dpi, 35 MB, is drawn on a fresh one each time; a print creation costs far more in its encoders).
 */
export const surfaces = new Surfaces(24 * 1024 * 1024)
