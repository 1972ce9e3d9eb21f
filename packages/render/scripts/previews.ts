/**
 * `pnpm --filter @templet/render previews`: renders every catalogue template's review pictures into
 * previews/<template>/<variant>.png and previews/index.json (what the Storybook stories show). Run it after
 * changing a template or the renderer, look at the pictures, and commit them; a test fails while they are stale.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { loadCatalogue } from '../src/index'
import { PREVIEWS_DIR, previewVariants, renderVariant } from './preview-variants'

const { types, templates } = loadCatalogue()
await rm(new URL('./', PREVIEWS_DIR), { recursive: true, force: true })
const index = []
for (const t of templates) {
  const dir = new URL(`${t.id}/`, PREVIEWS_DIR)
  await mkdir(dir, { recursive: true })
  const variants = []
  for (const v of previewVariants(t)) {
    const p = await renderVariant(t, v)
    await writeFile(new URL(`${v.name}.png`, dir), p.data)
    variants.push({ name: v.name, caption: v.caption, width: p.width, height: p.height })
  }
  index.push({
    id: t.id,
    typeId: t.typeId,
    name: t.name,
    type: types.find((ty) => ty.id === t.typeId)?.name,
    variants,
  })
  console.log(`${t.id}: ${variants.length} previews`)
}
await writeFile(new URL('index.json', PREVIEWS_DIR), `${JSON.stringify(index, null, 2)}\n`)
