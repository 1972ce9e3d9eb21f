import { loadCatalogue } from '@templet/catalogue'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { RENDERS_PER_THREAD, threadRenderer } from '../src/services/render-threads'
import { defaultRenderer } from '../src/services/renderer'

const script = new URL('../src/render-thread.js', import.meta.url)
const template = (() => {
  const t = loadCatalogue().templates.find((x) => x.id === 'article-card')
  if (!t) throw new Error('article-card is not in the catalogue')
  return t
})()

describe('the render threads take accounts in turn', () => {
  // No decoded photos kept: every render asks for its photo, which tells when a thread took it.
  const pool = threadRenderer(defaultRenderer, { script, decodedImageCacheBytes: 0, threads: 1 })
  afterAll(() => pool.close())

  it("serves another account's render before the rest of one account's many, each in turn", async () => {
    const photo = await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 140, b: 90 } },
    })
      .png()
      .toBuffer()
    /** The renders in the order the thread took them (each asks for its photo first), and their held photos. */
    const taken: string[] = []
    const held: (() => void)[] = []
    let onTaken = () => {}
    const takenCount = (n: number) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (taken.length >= n) resolve()
          else onTaken = check
        }
        check()
      })
    const render = (account: number, label: string) =>
      pool.render(
        template,
        { photo: label, title: label },
        {
          account,
          images: (ref) => {
            taken.push(ref)
            const bytes = new Promise<Buffer>((resolve) => held.push(() => resolve(photo)))
            onTaken()
            return bytes
          },
        },
      )
    const batch = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6'].map((label) => render(1, label))
    const other = render(2, 'b1')
    await takenCount(RENDERS_PER_THREAD)
    // One render finishes at a time; the thread takes the next waiting one.
    for (let n = RENDERS_PER_THREAD + 1; n <= 7; n += 1) {
      held.shift()?.()
      await takenCount(n)
    }
    for (const release of held) release()
    await Promise.all([...batch, other])
    expect(taken).toEqual(['a1', 'a2', 'a3', 'b1', 'a4', 'a5', 'a6'])
  }, 60_000)
})
