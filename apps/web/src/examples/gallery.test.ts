import { describe, expect, it } from 'vitest'
import { examplesOf } from './gallery'
import renders from './renders.json'

describe('the example galleries', () => {
  it('show every render of the catalogue in exactly one gallery', () => {
    const shown = (['A', 'B', 'C'] as const).flatMap((g) => examplesOf(g).map((r) => `${r.slug}/${r.size}`))
    const all = renders.items.map((r) => `${r.slug}/${r.size}`)
    expect([...shown].sort()).toEqual([...all].sort())
  })
})
