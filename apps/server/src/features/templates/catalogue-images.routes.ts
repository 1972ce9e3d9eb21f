import { readFile } from 'node:fs/promises'
import { SAMPLE_PREFIX, sampleImageFile } from '@templet/catalogue'
import { Hono } from 'hono'
import type { AppEnv } from '../../routes/api'
import { bodyBytes } from '../../web/body'

/**
 * The catalogue's own images at `/api/catalogue-images/<name>` (`sample:<name>`: its sample photographs and the
 * logos its templates place), public like the catalogue: a browser draws a catalogue template's fixed image
 * from here as the server's render draws it from the render package.
 */
export function catalogueImageRoutes() {
  const images = new Hono<AppEnv>()
  images.get('/:name', async (c) => {
    const file = await sampleImageFile(`${SAMPLE_PREFIX}${c.req.param('name')}`)
    if (!file) return c.text('Not found', 404)
    return c.body(bodyBytes(await readFile(file.path)), 200, {
      'Content-Type': file.type,
      'Cache-Control': 'public, max-age=86400',
      'X-Content-Type-Options': 'nosniff',
    })
  })
  return images
}
