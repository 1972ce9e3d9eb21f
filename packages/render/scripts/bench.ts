/**
 * `pnpm --filter @templet/render bench`: the renderer against satori + resvg + sharp and takumi, one
 * 1080×1080 card (bench/card.json: gradient, a photo decoded on every render, a Latin and a Chinese line).
 * Prints ms per output (p50/p99), all four outputs of one creation, renders per second pinned to one
 * core, RSS over 1,000 renders, and the ratios. Env: BENCH_N (renders per Templet line, default 200),
 * BENCH_REF_N (per reference line, default 100), BENCH_RSS_N (default 1000), BENCH_SCRIPT_N (rounds of the
 * bench card in six scripts, default 20), BENCH_PICTURES (a folder for those cards as each pipeline draws them).
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import { fileURLToPath } from 'node:url'
import { type Canvas, createCanvas, Image, ImageData } from '@napi-rs/canvas'
import { Resvg } from '@resvg/resvg-js'
import { Renderer } from '@takumi-rs/core'
import { SAMPLES_DIR, sampleImages } from '@templet/catalogue'
import { effectiveValues, parseTemplate } from '@templet/template'
import satori from 'satori'
import sharp from 'sharp'
import { Surfaces } from '../src/draw/surfaces'
import { loadFaces, render } from '../src/index'
import { drawPixels, drawTemplate, pickSize, thumbnailPixels } from '../src/render'

const N = Number(process.env.BENCH_N ?? 200)
const REF_N = Number(process.env.BENCH_REF_N ?? 100)
const RSS_N = Number(process.env.BENCH_RSS_N ?? 1000)
const SCRIPT_N = Number(process.env.BENCH_SCRIPT_N ?? 20)
const WARM = 20
const here = (p: string) => fileURLToPath(new URL(p, import.meta.url))
const template = parseTemplate(JSON.parse(readFileSync(here('../bench/card.json'), 'utf8')))
const values = { photo: 'sample:dusk' }
const W = 1080
const H = 1080
const TITLE = 'Autumn Light Festival'
const LINE = '十月二十四日 · 湖畔公园 · 免费入场'

type Stats = { p50: number; p99: number }
const stats = (xs: number[]): Stats => {
  const s = [...xs].sort((a, b) => a - b)
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN
  return { p50: at(0.5), p99: at(0.99) }
}
async function time(n: number, fn: () => Promise<unknown>, warm = WARM): Promise<Stats> {
  for (let i = 0; i < warm; i++) await fn()
  const xs: number[] = []
  for (let i = 0; i < n; i++) {
    const t = performance.now()
    await fn()
    xs.push(performance.now() - t)
  }
  return stats(xs)
}
const fmt = (s: Stats) => `${s.p50.toFixed(1).padStart(6)} / ${s.p99.toFixed(1).padStart(6)}`

// ---- pinned mode: a child process on one core measures render() alone ----
if (process.argv.includes('--pinned')) {
  const s = await time(N, () => render(template, values, { images: sampleImages }))
  const t0 = performance.now()
  for (let i = 0; i < 50; i++) await render(template, values, { images: sampleImages })
  console.log(JSON.stringify({ ...s, perSecond: 50 / ((performance.now() - t0) / 1000) }))
  process.exit(0)
}

// ---- RSS mode: a child process with nothing else loaded renders RSS_N times ----
if (process.argv.includes('--rss')) {
  for (let i = 0; i < WARM; i++) await render(template, values, { images: sampleImages })
  const mb = () => process.memoryUsage().rss / 2 ** 20
  global.gc?.()
  const before = mb()
  let peak = before
  for (let i = 0; i < RSS_N; i++) {
    await render(template, values, { images: sampleImages })
    if (i % 10 === 0) peak = Math.max(peak, mb())
  }
  global.gc?.()
  console.log(JSON.stringify({ before, after: mb(), peak }))
  process.exit(0)
}

const photo = await readFile(`${SAMPLES_DIR}/dusk.jpg`)
const require = createRequire(import.meta.url)
const fontFile = (pkg: string, file: string) =>
  readFileSync(require.resolve(`@expo-google-fonts/${pkg}/${file}`))
// The faces each reference is given: the bench card's, then those of the other scripts' cards.
const noto = (family: string, pkg: string, file: string, weight: number) => ({
  name: family,
  data: fontFile(pkg, file),
  weight,
})
const cardFonts = [
  noto('Inter', 'inter', '400Regular/Inter_400Regular.ttf', 400),
  noto('Inter', 'inter', '700Bold/Inter_700Bold.ttf', 700),
  noto('Noto Sans SC', 'noto-sans-sc', '400Regular/NotoSansSC_400Regular.ttf', 400),
]
const scriptFonts = [
  ...cardFonts,
  noto('Noto Sans SC', 'noto-sans-sc', '700Bold/NotoSansSC_700Bold.ttf', 700),
  noto('Noto Sans Arabic', 'noto-sans-arabic', '400Regular/NotoSansArabic_400Regular.ttf', 400),
  noto('Noto Sans Arabic', 'noto-sans-arabic', '700Bold/NotoSansArabic_700Bold.ttf', 700),
  noto('Noto Sans Devanagari', 'noto-sans-devanagari', '400Regular/NotoSansDevanagari_400Regular.ttf', 400),
  noto('Noto Sans Devanagari', 'noto-sans-devanagari', '700Bold/NotoSansDevanagari_700Bold.ttf', 700),
  noto('Noto Sans Thai', 'noto-sans-thai', '400Regular/NotoSansThai_400Regular.ttf', 400),
  noto('Noto Sans Thai', 'noto-sans-thai', '700Bold/NotoSansThai_700Bold.ttf', 700),
  noto('Noto Color Emoji', 'noto-color-emoji', '400Regular/NotoColorEmoji_400Regular.ttf', 400),
]
const families = (fonts: typeof scriptFonts) => [...new Set(fonts.map((f) => f.name))].join(', ')

// ---- the references: the same card as a flexbox tree ----
const PHOTO_URL = `data:image/jpeg;base64,${photo.toString('base64')}`
type El = { type: string; props: Record<string, unknown> }
const el = (
  type: string,
  style: Record<string, unknown>,
  children?: unknown,
  extra?: Record<string, unknown>,
): El => ({
  type,
  props: { style, children, ...extra },
})
const card = (src: string, text?: { title: string; line: string }): El =>
  el(
    'div',
    {
      width: W,
      height: H,
      display: 'flex',
      flexDirection: 'column',
      padding: 60,
      backgroundImage: 'linear-gradient(180deg, #1e1b4b, #4c1d95)',
      fontFamily: families(text ? scriptFonts : cardFonts),
    },
    [
      el('img', { width: 960, height: 640, objectFit: 'cover', borderRadius: 32 }, undefined, {
        src,
        width: 960,
        height: 640,
      }),
      el(
        'div',
        { display: 'flex', marginTop: 20, height: 100, fontSize: 72, fontWeight: 700, color: '#ffffff' },
        text?.title ?? TITLE,
      ),
      el(
        'div',
        { display: 'flex', marginTop: 20, height: 60, fontSize: 40, color: '#ddd6fe' },
        text?.line ?? LINE,
      ),
    ],
  )

// satori reads no colour font: an emoji is an image it asks for, here drawn once per emoji by Skia (as an
// app would fetch Twemoji's SVGs once and keep them). The other faces are parsed on every call, as satori does.
const forSatori = (fonts: typeof scriptFonts) =>
  fonts
    .filter((f) => f.name !== 'Noto Color Emoji')
    .map((f) => ({ ...f, weight: f.weight as 400 | 700, style: 'normal' as const }))
const satoriFonts = { card: forSatori(cardFonts), scripts: forSatori(scriptFonts) }
const emojiImages = new Map<string, string>()
const emojiImage = (segment: string) => {
  let url = emojiImages.get(segment)
  if (!url) {
    const c = createCanvas(128, 128)
    const ctx = c.getContext('2d')
    // The face render() draws emoji with, registered on first use as a render does: nothing is added to Skia.
    loadFaces(['Templet Noto Color Emoji'])
    ctx.font = '108px "Templet Noto Color Emoji"'
    ctx.textBaseline = 'middle'
    ctx.fillText(segment, 4, 64)
    url = c.toDataURL('image/png')
    emojiImages.set(segment, url)
  }
  return url
}
const satoriPixels = async (text?: { title: string; line: string }) => {
  const svg = await satori(card(PHOTO_URL, text) as never, {
    width: W,
    height: H,
    fonts: text ? satoriFonts.scripts : satoriFonts.card,
    loadAdditionalAsset: async (code: string, segment: string) =>
      code === 'emoji' ? emojiImage(segment) : [],
  })
  const r = new Resvg(svg).render()
  return { png: r.asPng(), pixels: Buffer.from(r.pixels), width: r.width, height: r.height }
}

const takumi = new Renderer({ cacheMaxBytes: 0 })
for (const f of cardFonts) await takumi.registerFont(f)
const toTakumi = (e: El): unknown => {
  const { style, children, src } = e.props as {
    style: Record<string, unknown>
    children?: unknown
    src?: string
  }
  if (e.type === 'img') return { type: 'image', src: 'photo', style }
  if (typeof children === 'string')
    return { type: 'container', style, children: [{ type: 'text', text: children }] }
  return { type: 'container', style, children: (children as El[] | undefined)?.map(toTakumi) ?? [], src }
}
const takumiNode = toTakumi(card('photo'))
const takumiImages = [{ src: 'photo', data: photo, cache: 'none' as const }]
const takumiRender = (
  format: 'png' | 'jpeg' | 'webp' | 'raw',
  quality?: number,
  o: { renderer: Renderer; node: unknown } = { renderer: takumi, node: takumiNode },
) => o.renderer.render(o.node as never, { width: W, height: H, format, quality, images: takumiImages })

// ---- encoders: ours (the settings render() uses) and the libraries' defaults ----
const raw = (pixels: Buffer) => sharp(pixels, { raw: { width: W, height: H, channels: 4 } }).removeAlpha()
const encodeOurs = {
  png: (p: Buffer) => raw(p).png({ compressionLevel: 4 }).toBuffer(),
  jpeg: (p: Buffer) => raw(p).jpeg({ quality: 75 }).toBuffer(),
  webp: (p: Buffer) => raw(p).webp({ quality: 75, effort: 2 }).toBuffer(),
  thumbnail: (p: Buffer) => raw(p).resize(480, 480).webp({ quality: 75, effort: 2 }).toBuffer(),
}
const encodeDefault = {
  jpeg: (p: Buffer) => raw(p).jpeg({ quality: 75 }).toBuffer(),
  webp: (p: Buffer) => raw(p).webp({ quality: 75 }).toBuffer(),
  thumbnail: (p: Buffer) => raw(p).resize(480, 480).webp({ quality: 75 }).toBuffer(),
}

// Pixels of our card, drawn once, for the per-encoder timings.
const ours = await render(template, values, { images: sampleImages })
const ourPixels = await sharp(ours.png).ensureAlpha().raw().toBuffer()

const row = async (name: string, fn: () => Promise<unknown>) => {
  const st = await time(N, fn)
  console.log(`${name.padEnd(58)} ${fmt(st)}`)
  return st
}

console.log(`@templet/render bench: 1080×1080 card, ${N} renders per line after ${WARM} warm, ms p50 / p99`)
console.log(
  `${new Date().toISOString()}  ${os.cpus().length}× ${os.cpus()[0]?.model}  Node ${process.version}  load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}\n`,
)
console.log('Templet (@napi-rs/canvas -> raw pixels -> sharp)')
await row('  draw to pixels (incl. photo decode)', () =>
  drawPixels(template, values, { images: sampleImages }, 1),
)
// What a kept surface saves (see Surfaces): the card's background and text drawn and read back on one, and on a
// fresh surface each time, as every render did before.
const cardSize = pickSize(template, undefined)
const drawCard = (canvas: Canvas) => {
  const ctx = canvas.getContext('2d')
  drawTemplate(ctx, template, cardSize, 'en', effectiveValues(template, {}, 'en'), new Map(), {
    placeholders: false,
  })
  return ctx.getImageData(0, 0, W, H)
}
const kept = new Surfaces(W * H * 4)
await row('  background and text, on a kept surface', async () => {
  const canvas = kept.take(W, H)
  drawCard(canvas)
  kept.give(canvas)
})
await row('  background and text, on a fresh surface (before)', async () => drawCard(createCanvas(W, H)))
for (const k of ['png', 'jpeg', 'webp'] as const) await row(`  ${k} encode`, () => encodeOurs[k](ourPixels))
const drawn = await drawPixels(template, values, { images: sampleImages }, 1)
const drawnCanvas = createCanvas(drawn.width, drawn.height)
drawnCanvas
  .getContext('2d')
  .putImageData(new ImageData(new Uint8ClampedArray(drawn.pixels), drawn.width, drawn.height), 0, 0)
await row('  thumbnail: Skia scales the canvas, WebP encode', () => {
  const small = thumbnailPixels(drawnCanvas)
  return sharp(small.pixels, { raw: { width: small.width, height: small.height, channels: 4 } })
    .removeAlpha()
    .webp({ quality: 75, effort: 2 })
    .toBuffer()
})
// A customer's photo is usually a phone's, several times the pixels the card draws: the same card with a
// 12-megapixel JPEG, and its decode the way the renderer does it against the way it did before (Skia decoding
// the whole photo on the event loop when the layer is drawn).
const phone = await sharp(photo).resize(4000, 3000).jpeg({ quality: 85 }).toBuffer()
const phoneImages = async (ref: string) => (ref === 'phone' ? phone : undefined)
console.log('\nwith a 12-megapixel phone photo (4000×3000 JPEG) in the 960×640 box')
const phoneDecode = await row('  photo decoded at the drawn size (libvips), drawn', () =>
  drawPixels(template, { photo: 'phone' }, { images: phoneImages }, 1),
)
const board = createCanvas(W, H).getContext('2d')
board.imageSmoothingQuality = 'high'
const skiaDecode = await row('  the whole photo decoded by Skia, drawn (before)', async () => {
  const img = new Image()
  img.src = phone
  board.drawImage(img, 60, 60, 960, 720)
  return board.getImageData(0, 0, W, H)
})
console.log(`  ${'ratio (before / now)'.padEnd(56)} ${(skiaDecode.p50 / phoneDecode.p50).toFixed(2)}×`)
await row('  render() all four outputs, phone photo', () =>
  render(template, { photo: 'phone' }, { images: phoneImages }),
)

// The pipelines run in turns (one render of each per round), so a change in the machine's load during
// the run hits them all alike and the ratios stay fair.
const pipelines: Record<string, () => Promise<unknown>> = {
  templet: () => render(template, values, { images: sampleImages }),
  satoriCommon: async () => {
    const r = await satoriPixels()
    for (const enc of Object.values(encodeDefault)) await enc(r.pixels)
  },
  satoriTuned: async () => {
    const r = await satoriPixels()
    await Promise.all(Object.values(encodeOurs).map((enc) => enc(r.pixels)))
  },
  takumiOwn: async () => {
    await takumiRender('png')
    await takumiRender('jpeg', 75)
    await takumiRender('webp', 75)
    const thumb = await takumiRender('raw')
    await raw(Buffer.from(thumb)).resize(480, 480).webp({ quality: 75 }).toBuffer()
  },
  takumiTuned: async () => {
    const p = Buffer.from(await takumiRender('raw'))
    await Promise.all(Object.values(encodeOurs).map((enc) => enc(p)))
  },
}
const samples: Record<string, number[]> = Object.fromEntries(Object.keys(pipelines).map((k) => [k, []]))
for (let round = -3; round < REF_N; round++)
  for (const [name, fn] of Object.entries(pipelines)) {
    const t = performance.now()
    await fn()
    if (round >= 0) samples[name]?.push(performance.now() - t)
  }
const s = (name: string) => stats(samples[name] ?? [])
const show = (label: string, st: Stats) => console.log(`${label.padEnd(58)} ${fmt(st)}`)
const oursAll = s('templet')
const satoriCommon = s('satoriCommon')
const satoriTuned = s('satoriTuned')
const takumiOwn = s('takumiOwn')
const takumiTuned = s('takumiTuned')
console.log(`\nall four outputs of one creation, ${REF_N} rounds, pipelines in turns`)
show('  Templet render() (encodes concurrent)', oursAll)
show('  satori 0.63.2 + resvg 2.6.2 + sharp, as commonly built', satoriCommon)
show('  satori + resvg + sharp, with our encoders, concurrent', satoriTuned)
show('  takumi 2.16.3, one render per output (image cache off)', takumiOwn)
show('  takumi raw pixels -> our encoders, concurrent', takumiTuned)

console.log('\nratios (reference p50 / Templet p50)')
const ratio = (name: string, s: Stats) =>
  console.log(`  ${name.padEnd(56)} ${(s.p50 / oursAll.p50).toFixed(2)}×`)
ratio('satori + resvg + sharp, as commonly built', satoriCommon)
ratio('satori + resvg + sharp, our encoders', satoriTuned)
ratio('takumi, its own encoders', takumiOwn)
ratio('takumi pixels, our encoders', takumiTuned)

// The bench card with its two lines in each script, against the same pipelines (as commonly built), in turns.
const SCRIPTS: Record<string, { title: string; line: string }> = {
  Latin: { title: TITLE, line: 'October 24 · Lakeside Park · Free entry' },
  Chinese: { title: '秋日灯光节', line: LINE },
  Arabic: { title: 'مهرجان أضواء الخريف', line: '٢٤ أكتوبر · حديقة البحيرة · الدخول مجاني' },
  Devanagari: { title: 'शरद प्रकाश उत्सव', line: '24 अक्टूबर · झील पार्क · प्रवेश निःशुल्क' },
  Thai: { title: 'เทศกาลแสงฤดูใบไม้ร่วง', line: '24 ตุลาคม · สวนริมทะเลสาบ · เข้าฟรี' },
  emoji: { title: 'Autumn Lights 🍂✨', line: 'October 24 🎉 · Lakeside Park 🌊 · Free 👍🏽' },
}
// A renderer of its own, made only now, so the lines above measure takumi with the bench card's fonts alone.
const takumiScripts = new Renderer({ cacheMaxBytes: 0 })
for (const f of scriptFonts) await takumiScripts.registerFont(f)
const scriptPipelines = (text: { title: string; line: string }) => {
  const node = toTakumi(card('photo', text))
  return {
    templet: () => render(template, { ...values, ...text }, { images: sampleImages }),
    satori: async () => {
      const r = await satoriPixels(text)
      for (const enc of Object.values(encodeDefault)) await enc(r.pixels)
    },
    takumi: async () => {
      const o = { renderer: takumiScripts, node }
      await takumiRender('png', undefined, o)
      await takumiRender('jpeg', 75, o)
      await takumiRender('webp', 75, o)
      const thumb = await takumiRender('raw', undefined, o)
      await raw(Buffer.from(thumb)).resize(480, 480).webp({ quality: 75 }).toBuffer()
    },
  }
}
const scriptRuns = Object.entries(SCRIPTS).flatMap(([script, text]) =>
  Object.entries(scriptPipelines(text)).map(([pipeline, fn]) => ({ key: `${script} ${pipeline}`, fn })),
)
const scriptSamples = new Map<string, number[]>(scriptRuns.map((r) => [r.key, []]))
for (let round = -2; round < SCRIPT_N; round++)
  for (const { key, fn } of scriptRuns) {
    const t = performance.now()
    await fn()
    if (round >= 0) scriptSamples.get(key)?.push(performance.now() - t)
  }
const p50 = (key: string) => stats(scriptSamples.get(key) ?? []).p50
console.log(`\nthe bench card in six scripts, all four outputs, ${SCRIPT_N} rounds, pipelines in turns (p50)`)
console.log(
  `  ${'script'.padEnd(12)} ${'Templet ms'.padStart(10)} ${'÷ Latin'.padStart(8)} ${'satori ÷ Templet'.padStart(17)} ${'takumi ÷ Templet'.padStart(17)}`,
)
for (const script of Object.keys(SCRIPTS)) {
  const ours = p50(`${script} templet`)
  console.log(
    `  ${script.padEnd(12)} ${ours.toFixed(1).padStart(10)} ${`${(ours / p50('Latin templet')).toFixed(2)}×`.padStart(8)} ${`${(p50(`${script} satori`) / ours).toFixed(2)}×`.padStart(17)} ${`${(p50(`${script} takumi`) / ours).toFixed(2)}×`.padStart(17)}`,
  )
}
// BENCH_PICTURES=<dir>: each pipeline's card in each script as a PNG, to see what each draws.
if (process.env.BENCH_PICTURES) {
  const dir = process.env.BENCH_PICTURES
  mkdirSync(dir, { recursive: true })
  for (const [script, text] of Object.entries(SCRIPTS)) {
    const name = script.toLowerCase()
    writeFileSync(
      `${dir}/${name}-templet.png`,
      (await render(template, { ...values, ...text }, { images: sampleImages })).png,
    )
    writeFileSync(`${dir}/${name}-satori.png`, (await satoriPixels(text)).png)
    writeFileSync(
      `${dir}/${name}-takumi.png`,
      Buffer.from(
        await takumiRender('png', undefined, {
          renderer: takumiScripts,
          node: toTakumi(card('photo', text)),
        }),
      ),
    )
  }
  console.log(`  pictures in ${dir}`)
}

console.log('\npinned to one core (taskset -c 0), render() all four outputs')
try {
  const out = execFileSync(
    'taskset',
    ['-c', '0', process.execPath, ...process.execArgv, fileURLToPath(import.meta.url), '--pinned'],
    {
      env: { ...process.env, BENCH_N: String(Math.min(N, 100)) },
      encoding: 'utf8',
    },
  )
  const p = JSON.parse(out.trim().split('\n').pop() ?? '{}') as Stats & { perSecond: number }
  console.log(`  ${'ms p50 / p99'.padEnd(56)} ${fmt(p)}`)
  console.log(`  ${'renders per second'.padEnd(56)} ${p.perSecond.toFixed(1)}`)
} catch (e) {
  console.log(`  taskset failed: ${(e as Error).message}`)
}

console.log(`\nRSS of a process making ${RSS_N} renders (all four outputs each, after ${WARM} warm)`)
const child = (flag: string, pin: boolean, env: NodeJS.ProcessEnv = process.env) => {
  const node = [process.execPath, ...process.execArgv, '--expose-gc', fileURLToPath(import.meta.url), flag]
  const [cmd, ...args] = pin ? ['taskset', '-c', '0', ...node] : node
  const out = execFileSync(cmd as string, args, { env, encoding: 'utf8' })
  return JSON.parse(out.trim().split('\n').pop() ?? '{}')
}
// The two malloc arenas `npm start` runs the server with (and this script, see package.json), and glibc's
// default: an arena per thread that allocates, which libvips' threads leave fragmented.
const { MALLOC_ARENA_MAX: _arenas, ...glibcDefault } = process.env
for (const [label, env] of [
  ['MALLOC_ARENA_MAX=2 (npm start)', { ...process.env, MALLOC_ARENA_MAX: '2' }],
  ['glibc default', glibcDefault],
] as const) {
  const rss = child('--rss', false, env) as { before: number; after: number; peak: number }
  console.log(
    `  ${label.padEnd(31)} before ${rss.before.toFixed(0)} MB, after ${rss.after.toFixed(0)} MB, growth ${(rss.after - rss.before).toFixed(1)} MB, peak ${rss.peak.toFixed(0)} MB`,
  )
}
console.log(
  `\nsizes: Templet PNG ${(ours.png.length / 1024).toFixed(0)} kB, JPEG ${(ours.jpeg.length / 1024).toFixed(0)} kB, WebP ${(ours.webp.length / 1024).toFixed(0)} kB, thumbnail ${(ours.thumbnail.length / 1024).toFixed(0)} kB`,
)
