/**
 * Where the browser's canvas and the server's render differ on text, and what removes the difference: draws
 * the same lines (Latin in Inter Bold, Chinese in Noto Sans SC, Arabic in Noto Sans Arabic; dark on light
 * and light on dark, at 44 and 17 px) on a Canvas 2D in Chromium (the model's fonts loaded as FontFaces, as
 * the designer loads them) and on @napi-rs/canvas (as the server renders), and prints the share of pixels
 * whose channels all agree within 0, 16, 24 and 40 of 255:
 *
 * - the server's text renderer as it is (`portable`: FreeType and Skia's default text gamma) against Chromium
 *   as the e2e tests launch it;
 * - the same against Chromium given the server's text contrast and gamma (`--text-contrast=0.5
 *   --text-gamma=0`, Skia's defaults; Chromium reads these switches in the process that rasterises the canvas,
 *   the renderer, which does not receive them from the browser's command line, so `e2e/server-text-gamma.sh`
 *   adds them to it through `--renderer-cmd-prefix`, as the designer's e2e pixel check does);
 * - @napi-rs/canvas's `system` text renderer (Fontations and the OS's text gamma and contrast, as Chrome on
 *   Linux) against Chromium as the e2e tests launch it.
 *
 *   node apps/web/scripts/text-edges.mjs
 *
 * Needs no server: Debian's Chromium and the render package's fonts (pnpm install).
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from '@playwright/test'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const fromRender = createRequire(path.join(repoRoot, 'packages/render/package.json'))
const { createCanvas, GlobalFonts, setTextRenderer } = fromRender('@napi-rs/canvas')
const fontFile = (pkg, file) => path.join(path.dirname(fromRender.resolve(`${pkg}/package.json`)), file)

const FACES = [
  { family: 'Edge Latin', file: fontFile('@expo-google-fonts/inter', '700Bold/Inter_700Bold.ttf') },
  {
    family: 'Edge Han',
    file: fontFile('@expo-google-fonts/noto-sans-sc', '400Regular/NotoSansSC_400Regular.ttf'),
  },
  {
    family: 'Edge Arabic',
    file: fontFile('@expo-google-fonts/noto-sans-arabic', '400Regular/NotoSansArabic_400Regular.ttf'),
  },
]
const LINES = [
  { family: 'Edge Latin', text: 'Hamburgefonstiv 0123' },
  { family: 'Edge Han', text: '设计是它如何运作' },
  { family: 'Edge Arabic', text: 'الخط العربي فن جميل' },
]
const SCENES = [
  { background: '#ffffff', ink: '#111111' },
  { background: '#14213d', ink: '#ffffff' },
]
/** The launch of chromium.ts (the e2e tests'), written out: Node 20 imports no TypeScript. */
const LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--font-render-hinting=none'],
}
const W = 640
const H = 360

/** Draws every line at two sizes on `ctx` (the same code runs in Chromium and in Node). */
function drawScene(ctx, scene, lines) {
  ctx.fillStyle = scene.background
  ctx.fillRect(0, 0, 640, 360)
  ctx.fillStyle = scene.ink
  let y = 50
  for (const line of lines)
    for (const size of [44, 17]) {
      ctx.font = `${size}px '${line.family}'`
      ctx.fillText(line.text, 20.3, y)
      y += size + 10
    }
}

function serverPixels(scene) {
  const canvas = createCanvas(W, H)
  const ctx = canvas.getContext('2d')
  drawScene(ctx, scene, LINES)
  return ctx.getImageData(0, 0, W, H).data
}

async function browserPixels(args) {
  const browser = await chromium.launch({ ...LAUNCH, args: [...LAUNCH.args, ...args] })
  try {
    const page = await browser.newPage()
    await page.setContent('<!doctype html><title>text edges</title>')
    // The same drawing function as in Node, given to the page as a script.
    await page.addScriptTag({ content: `window.drawScene = ${drawScene.toString()}` })
    const faces = FACES.map((f) => ({ family: f.family, data: readFileSync(f.file).toString('base64') }))
    return await page.evaluate(
      async ({ faces, scenes, lines, W, H }) => {
        for (const f of faces) {
          const face = new FontFace(f.family, `url(data:font/ttf;base64,${f.data})`)
          await face.load()
          document.fonts.add(face)
        }
        return scenes.map((scene) => {
          const canvas = document.createElement('canvas')
          canvas.width = W
          canvas.height = H
          const ctx = canvas.getContext('2d')
          window.drawScene(ctx, scene, lines)
          return Array.from(ctx.getImageData(0, 0, W, H).data)
        })
      },
      { faces, scenes: SCENES, lines: LINES, W, H },
    )
  } finally {
    await browser.close()
  }
}

/** The share of pixels (in %) whose RGB channels all differ by at most `tolerance`. */
function agreement(a, b, tolerance) {
  let same = 0
  for (let i = 0; i < a.length; i += 4)
    if ([0, 1, 2].every((k) => Math.abs(a[i + k] - b[i + k]) <= tolerance)) same++
  return ((same / (a.length / 4)) * 100).toFixed(2)
}

function report(name, browser, server) {
  const rows = SCENES.map((scene, i) => {
    const cells = [0, 16, 24, 40].map((t) => `${t}: ${agreement(browser[i], server[i], t)} %`)
    return `  ${scene.ink} on ${scene.background}   ${cells.join('   ')}`
  })
  console.log(`${name}\n${rows.join('\n')}`)
}

for (const f of FACES) GlobalFonts.registerFromPath(f.file, f.family)
const asLaunched = await browserPixels([])
const portable = SCENES.map(serverPixels)
report('server portable (in use) / Chromium as the e2e tests launch it', asLaunched, portable)
report(
  "server portable / Chromium with the server's text contrast and gamma (e2e/server-text-gamma.sh)",
  await browserPixels([`--renderer-cmd-prefix=${path.join(repoRoot, 'apps/web/e2e/server-text-gamma.sh')}`]),
  portable,
)
setTextRenderer('system')
report('server system / Chromium as the e2e tests launch it', asLaunched, SCENES.map(serverPixels))
