/**
 * `pnpm --filter @templet/render previews`: renders every catalogue template's review pictures into
 * previews/<template>/<variant>.png (what the Storybook stories show), and the scripts review card in
 * previews/scripts-review/<family>.png. Run it after changing a template or
 * the renderer, look at the pictures, and commit them; a test fails while they are stale. Template ids after
 * the command (`previews restaurant-menu`) draw those templates' folders alone.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { loadCatalogue } from '@templet/catalogue'
import {
  PREVIEWS_DIR,
  previewVariants,
  renderScriptsReview,
  renderVariant,
  SCRIPTS_REVIEW,
  scriptsReview,
} from './preview-variants'

const only = process.argv.slice(2)
if (only.length === 0) await rm(PREVIEWS_DIR, { recursive: true, force: true })
for (const t of loadCatalogue().templates) {
  if (only.length > 0 && !only.includes(t.id)) continue
  const dir = new URL(`${t.id}/`, PREVIEWS_DIR)
  await rm(dir, { recursive: true, force: true })
  await mkdir(dir, { recursive: true })
  const variants = previewVariants(t)
  for (const v of variants) await writeFile(new URL(`${v.name}.png`, dir), (await renderVariant(t, v)).data)
  console.log(`${t.id}: ${variants.length} previews`)
}
if (only.length > 0) process.exit(0)
const review = new URL(`${SCRIPTS_REVIEW}/`, PREVIEWS_DIR)
await mkdir(review, { recursive: true })
for (const { family, template } of scriptsReview())
  await writeFile(new URL(`${family}.png`, review), (await renderScriptsReview(template, family)).data)
console.log(`${SCRIPTS_REVIEW}: 3 pictures`)
