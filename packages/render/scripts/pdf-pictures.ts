/**
 * `pnpm --filter @templet/render pdf-pictures [dir]`: each print template's PDF page rasterised by poppler
 * (pdftoppm) beside the PNG the renderer draws of the same values, one picture per template in `dir`
 * (default a fresh temporary folder), with how much the two differ. For a person to look at: the layout must
 * be the same; poppler anti-aliases text a little lighter than Skia.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { loadCatalogue } from '@templet/catalogue'
import sharp from 'sharp'
import { pdfBesidePng } from '../test/pdf-pictures'

const dir = process.argv[2] ?? mkdtempSync(path.join(os.tmpdir(), 'templet-pdf-pictures-'))
mkdirSync(dir, { recursive: true })
for (const t of loadCatalogue().templates)
  for (const size of t.sizes.filter((s) => s.print))
    for (const locale of ['en', 'zh-CN'] as const) {
      const { png, page, difference } = await pdfBesidePng(t, size.id, locale)
      const { width, height } = await sharp(png).metadata()
      const pair = await sharp({
        create: { width: width * 2 + 12, height, channels: 3, background: '#ff00ff' },
      })
        .composite([
          { input: png, left: 0, top: 0 },
          { input: page, left: width + 12, top: 0 },
        ])
        .png()
        .toBuffer()
      const file = path.join(dir, `${t.id}-${size.id}-${locale}.png`)
      writeFileSync(file, pair)
      console.log(
        `${file}  mean ${difference.mean.toFixed(2)}, ${(difference.off * 100).toFixed(2)} % of values off by more than 64`,
      )
    }
