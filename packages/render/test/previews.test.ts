import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { PREVIEWS_DIR, previewVariants, renderVariant } from '../scripts/preview-variants'
import { loadCatalogue } from '../src/index'

const dir = fileURLToPath(PREVIEWS_DIR)
const raw = (input: Buffer | string) => sharp(input).removeAlpha().raw().toBuffer({ resolveWithObject: true })

describe('the committed previews (Storybook) show the current templates', () => {
  const { templates } = loadCatalogue()

  it('there is a preview folder for every template and no other', () => {
    const folders = readdirSync(dir).filter((f) => !f.startsWith('.'))
    expect(folders.sort()).toEqual(templates.map((t) => t.id).sort())
  })

  it.each(templates.map((t) => [t.id, t] as const))(
    '%s: every preview matches a fresh render',
    async (_, t) => {
      const stale: string[] = []
      for (const v of previewVariants(t)) {
        const file = `${dir}${t.id}/${v.name}.png`
        if (!existsSync(file)) {
          stale.push(`${v.name} (missing)`)
          continue
        }
        const [fresh, committed] = await Promise.all([
          renderVariant(t, v).then((p) => raw(p.data)),
          raw(file),
        ])
        if (fresh.info.width !== committed.info.width || fresh.info.height !== committed.info.height) {
          stale.push(`${v.name} (size)`)
          continue
        }
        // A small tolerance for anti-aliasing differences between builds of the native libraries: a few
        // pixels may differ a lot (edges), the picture as a whole hardly at all (a changed colour fails).
        let off = 0
        let sum = 0
        for (let i = 0; i < fresh.data.length; i++) {
          const d = Math.abs((fresh.data[i] ?? 0) - (committed.data[i] ?? 0))
          sum += d
          if (d > 24) off++
        }
        const mean = sum / fresh.data.length
        if (off / fresh.data.length > 0.002 || mean > 0.25)
          stale.push(
            `${v.name} (${((off / fresh.data.length) * 100).toFixed(2)}% differ, mean ${mean.toFixed(2)})`,
          )
      }
      expect(stale, 'run `pnpm --filter @templet/render previews` and commit').toEqual([])
    },
  )
})

describe('Storybook', () => {
  it('has a story for every catalogue template', () => {
    const stories = readFileSync(new URL('../stories/catalogue.stories.tsx', import.meta.url), 'utf8')
    for (const t of loadCatalogue().templates) expect(stories, t.id).toContain(`{ id: '${t.id}' }`)
  })
})
