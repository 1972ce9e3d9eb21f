import { loadCatalogue } from '@templet/catalogue'
import { afterEach, describe, expect, it } from 'vitest'
import { renderErrorOf } from '../src/features/developer/renders'
import { RenderTooLarge, threadRenderer } from '../src/services/render-threads'
import { defaultRenderer } from '../src/services/renderer'
import { errorView } from '../src/v1/views'

const script = new URL('./threads/memory-hungry-thread.js', import.meta.url)
// The stand-in thread draws nothing: any template will do.
const [template] = loadCatalogue().templates
if (!template) throw new Error('the catalogue is empty')

/** Pools of one thread (unless told) whose heap may hold 64 MB, closed after each test. */
const pools: ReturnType<typeof threadRenderer>[] = []
const pool = (o: { threads?: number; rssLimitMb?: number } = {}) => {
  const p = threadRenderer(defaultRenderer, {
    script,
    decodedImageCacheBytes: 0,
    memoryLimitMb: 64,
    threads: 1,
    ...o,
  })
  pools.push(p)
  return p
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()))
})

/** What the stand-in thread answered: the megabytes the preview kept, or how it was refused. */
const outcome = (p: Promise<{ data: Buffer }>) =>
  p.then(
    (done) => `kept ${done.data[0]} MB`,
    (err: Error) =>
      err instanceof RenderTooLarge ? `too large (${err.limitMb} MB)` : `failed: ${err.message}`,
  )

describe('a render thread that runs out of memory', () => {
  it('refuses the render that outgrew it alone, and the next render is drawn in a new thread', async () => {
    const p = pool()
    expect(await outcome(p.renderPreview(template, { megabytes: '400' }, { account: 1 }))).toBe(
      'too large (64 MB)',
    )
    expect(await outcome(p.renderPreview(template, { megabytes: '1' }, { account: 1 }))).toBe('kept 1 MB')
  }, 60_000)

  it("draws each render that was in flight with it again alone: another account's render is drawn, not refused", async () => {
    const p = pool()
    /** Photo requests by attempt: the first is left unanswered, so that render is in flight when the thread dies. */
    let asked = 0
    let onAsked = () => {}
    const firstAsked = new Promise<void>((resolve) => {
      onAsked = resolve
    })
    const images = () => {
      asked += 1
      onAsked()
      return asked === 1 ? new Promise<Buffer>(() => {}) : Promise.resolve(Buffer.alloc(0))
    }
    const other = outcome(
      p.renderPreview(template, { photo: 'photo', megabytes: '1' }, { account: 2, images }),
    )
    await firstAsked
    const hungry = outcome(p.renderPreview(template, { megabytes: '400' }, { account: 1 }))
    expect(await Promise.all([other, hungry])).toEqual(['kept 1 MB', 'too large (64 MB)'])
    // The other render was drawn twice: once with the hungry one, and once alone after its thread was gone.
    expect(asked).toBe(2)
  }, 60_000)

  it('past its resident-memory limit, starts a task only when none is in flight', async () => {
    /**
     * The order two previews end in, in two threads: the first waits for its photo until the second has ended
     * (or 5 s at most), so the second ends first when both run at once, and last when it waits its turn.
     */
    const order = async (rssLimitMb: number | undefined) => {
      const p = pool({ threads: 2, ...(rssLimitMb && { rssLimitMb }) })
      const ended: string[] = []
      let secondEnded = () => {}
      const secondDone = new Promise<void>((resolve) => {
        secondEnded = resolve
      })
      const images = () =>
        Promise.race([secondDone, new Promise((resolve) => setTimeout(resolve, 5000))]).then(() =>
          Buffer.alloc(0),
        )
      const first = p
        .renderPreview(template, { photo: 'photo' }, { account: 1, images })
        .then(() => ended.push('first'))
      const second = p.renderPreview(template, {}, { account: 2 }).then(() => {
        ended.push('second')
        secondEnded()
      })
      await Promise.all([first, second])
      return ended
    }
    expect(await order(undefined)).toEqual(['second', 'first'])
    // Any process is past 1 MB: the second waits for the first.
    expect(await order(1)).toEqual(['first', 'second'])
  }, 60_000)

  it("is a failed /v1 render's reason of its own, render_too_large, once stored", () => {
    const stored = JSON.parse(JSON.stringify(renderErrorOf(new RenderTooLarge(64))))
    expect(errorView(stored)).toEqual({
      type: 'https://templet.app/problems/render_too_large',
      title: 'The design needs too much memory to draw',
      status: 422,
      detail: 'This design needs more than 64 MB of memory to draw: use fewer sizes, layers or less text',
    })
  })
})
