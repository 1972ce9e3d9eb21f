import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderHook } from 'vitest-browser-react'
import { type PreviewInput, useLivePreview } from './live-preview'

/** A preview request as the server received it, answered when the test says. */
interface Asked {
  title: string
  signal: AbortSignal
  answer(image: Blob): void
  fail(): void
}

async function jpeg(color: string): Promise<Blob> {
  const canvas = new OffscreenCanvas(8, 8)
  const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D
  context.fillStyle = color
  context.fillRect(0, 0, 8, 8)
  return canvas.convertToBlob({ type: 'image/jpeg' })
}

const input = (title: string): PreviewInput => ({
  templateId: 1,
  templateVersion: 1,
  values: { title },
  sizeId: undefined,
  locale: 'en',
})

describe('the editor’s live preview', () => {
  let asked: Asked[]
  beforeEach(() => {
    asked = []
    // The network's edge: the app's own API client calls this fetch.
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          const signal = init.signal as AbortSignal
          signal.addEventListener('abort', () => reject(signal.reason))
          asked.push({
            title: (JSON.parse(String(init.body)) as { values: { title: string } }).values.title,
            signal,
            answer: (image) => resolve(new Response(image, { headers: { 'Content-Type': 'image/jpeg' } })),
            fail: () =>
              resolve(
                new Response(JSON.stringify({ code: 500, msg: 'Something went wrong', data: null }), {
                  headers: { 'Content-Type': 'application/json' },
                }),
              ),
          })
        }),
    )
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('asks at once after a quiet moment, and shows the image once it has decoded', async () => {
    const { result } = await renderHook(() => useLivePreview(input('Hello')))
    await expect.poll(() => asked.map((a) => a.title)).toEqual(['Hello'])
    expect(result.current).toMatchObject({ src: undefined, pending: true, failed: false })
    asked[0]?.answer(await jpeg('red'))
    await expect.poll(() => result.current.src).toMatch(/^blob:/)
    expect(result.current).toMatchObject({ pending: false, failed: false })
  })

  it('asks once for a burst of changes, for the last values, and drops what the older ones asked', async () => {
    // The burst's timing is the test's: fake clocks, so a busy machine cannot stretch it into pauses.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
    vi.advanceTimersByTime(1000)
    const { result, rerender } = await renderHook((props?: { title: string }) =>
      useLivePreview(input(props?.title ?? 'H')),
    )
    await vi.advanceTimersByTimeAsync(0)
    expect(asked.map((a) => a.title)).toEqual(['H'])
    for (const title of ['He', 'Hel', 'Hell', 'Hello']) {
      await rerender({ title })
      await vi.advanceTimersByTimeAsync(30)
    }
    expect(asked.map((a) => a.title)).toEqual(['H'])
    await vi.advanceTimersByTimeAsync(100)
    expect(asked.map((a) => a.title)).toEqual(['H', 'Hello'])
    expect(asked[0]?.signal.aborted).toBe(true)
    vi.useRealTimers()
    asked[1]?.answer(await jpeg('blue'))
    await expect.poll(() => result.current.src).toMatch(/^blob:/)
    expect(result.current).toMatchObject({ pending: false, failed: false })
  })

  it('keeps the last image and says so when a newer preview fails', async () => {
    const { result, rerender } = await renderHook((props?: { title: string }) =>
      useLivePreview(input(props?.title ?? 'One')),
    )
    await expect.poll(() => asked.length).toBe(1)
    asked[0]?.answer(await jpeg('green'))
    await expect.poll(() => result.current.src).toMatch(/^blob:/)
    const shown = result.current.src
    await rerender({ title: 'Two' })
    await expect.poll(() => asked.length).toBe(2)
    asked[1]?.fail()
    await expect.poll(() => result.current.failed).toBe(true)
    expect(result.current).toMatchObject({ src: shown, pending: false })
  })
})
