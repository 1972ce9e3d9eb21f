import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { loadCatalogue } from '@templet/catalogue'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import {
  PREVIEWS_DIR,
  previewVariants,
  renderScriptsReview,
  renderVariant,
  SCRIPTS_REVIEW,
  scriptsReview,
} from '../scripts/preview-variants'

const dir = fileURLToPath(PREVIEWS_DIR)
const raw = (input: Buffer | string) => sharp(input).removeAlpha().raw().toBuffer({ resolveWithObject: true })

describe('the committed previews (Storybook) show the current templates', () => {
  const { templates } = loadCatalogue()

  it('there is a preview folder for every template and no other', () => {
    const folders = readdirSync(dir).filter((f) => !f.startsWith('.') && f !== SCRIPTS_REVIEW)
    expect(folders.sort()).toEqual(templates.map((t) => t.id).sort())
  })

  it.each(templates.map((t) => [t.id, t] as const))(
    '%s: every preview matches a fresh render, with no text cut',
    async (_, t) => {
      const stale: string[] = []
      const cut: string[] = []
      for (const v of previewVariants(t))
        await compare(
          `${dir}${t.id}/${v.name}.png`,
          v.name,
          async () => {
            const p = await renderVariant(t, v)
            for (const layer of p.truncated) cut.push(`${v.name}: ${layer}`)
            return p
          },
          stale,
        )
      expect(stale, 'run `pnpm --filter @templet/render previews` and commit').toEqual([])
      // Long text at every field's limit and Arabic text shrink to fit: nothing ends in an ellipsis.
      expect(cut).toEqual([])
    },
  )

  it('the scripts review card (a line in each of 18 scripts, per family) matches a fresh render', async () => {
    const stale: string[] = []
    for (const { family, template } of scriptsReview())
      await compare(
        `${dir}${SCRIPTS_REVIEW}/${family}.png`,
        family,
        () => renderScriptsReview(template, family),
        stale,
      )
    expect(stale, 'run `pnpm --filter @templet/render previews` and commit').toEqual([])
  })

  it('has a story for the scripts review card', () => {
    const stories = readFileSync(new URL('../stories/scripts.stories.tsx', import.meta.url), 'utf8')
    expect(stories).toContain(SCRIPTS_REVIEW)
  })
})

/** Adds `name` to `stale` when the committed picture is missing or differs from a fresh render. */
async function compare(file: string, name: string, render: () => Promise<{ data: Buffer }>, stale: string[]) {
  if (!existsSync(file)) {
    stale.push(`${name} (missing)`)
    return
  }
  const [fresh, committed] = await Promise.all([render().then((p) => raw(p.data)), raw(file)])
  if (fresh.info.width !== committed.info.width || fresh.info.height !== committed.info.height) {
    stale.push(`${name} (size)`)
    return
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
    stale.push(`${name} (${((off / fresh.data.length) * 100).toFixed(2)}% differ, mean ${mean.toFixed(2)})`)
}

describe('Storybook', () => {
  it('has a story for every catalogue template', () => {
    const stories = readFileSync(new URL('../stories/catalogue.stories.tsx', import.meta.url), 'utf8')
    for (const t of loadCatalogue().templates) expect(stories, t.id).toContain(`{ id: '${t.id}' }`)
  })
})
