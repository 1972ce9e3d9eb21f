import { readFileSync } from 'node:fs'
import { libraryFamily } from '@templet/fonts'
import { libraryFaceFile } from '@templet/fonts/files'
import { inspectFont } from '@templet/render'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type TestServer } from './harness'

describe("the font library's weights 100 to 900", () => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer('sqlite')
  })
  afterAll(() => s.close())

  it('serves a family’s Thin and its Black italic as WOFF2, and no weight the family lacks', async () => {
    const roboto = libraryFamily('roboto')
    if (!roboto) throw new Error('Roboto left the font library')
    // Each is the very face the server draws with (the browser loads it under the weight it is asked for: the
    // Thin's file says 250 for its weight class).
    for (const [name, weight, italic] of [
      ['100', 100, false],
      ['900i', 900, true],
    ] as const) {
      const res = await fetch(`${s.url}/api/fonts/library/roboto/${name}.woff2`)
      expect(res.status, name).toBe(200)
      const ttf = readFileSync(libraryFaceFile(roboto, weight, italic) ?? '')
      expect({ ...inspectFont(Buffer.from(await res.arrayBuffer())), format: 'ttf' }).toEqual(
        inspectFont(ttf),
      )
    }
    // Lora ships 400 to 700.
    const black = await fetch(`${s.url}/api/fonts/library/lora/900.woff2`)
    expect(black.status).toBe(404)
    expect(await black.json()).toEqual({ error: 'Lora has no such face (its faces are <weight>[i].woff2)' })
  })
})
