/**
 * Draws the sample "photographs" the catalogue's sample values use (`samples/*.jpg` of @templet/catalogue) and
 * the logos its designs place as fixed images (`samples/logo-*.png`, transparent). Made here, with the
 * renderer's canvas, so the catalogue ships no downloaded pictures; run again only to change them:
 * `pnpm tsx scripts/make-samples.ts`.
 */
import { writeFile } from 'node:fs/promises'
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas'
import { SAMPLES_DIR } from '@templet/catalogue'
import sharp from 'sharp'

type Draw = (ctx: SKRSContext2D, w: number, h: number) => void

/** A deterministic pseudo-random sequence, so the samples are the same on every run. */
function random(seed: number) {
  let s = seed
  return () => {
    s = (s * 1664525 + 1013904223) % 4294967296
    return s / 4294967296
  }
}

const vertical = (ctx: SKRSContext2D, h: number, stops: Array<[number, string]>) => {
  const g = ctx.createLinearGradient(0, 0, 0, h)
  for (const [o, c] of stops) g.addColorStop(o, c)
  return g
}

/** Layered hills under a dusk sky with a low sun. */
const dusk: Draw = (ctx, w, h) => {
  ctx.fillStyle = vertical(ctx, h, [
    [0, '#1d2b53'],
    [0.45, '#c0587e'],
    [0.7, '#fca17d'],
    [1, '#ffd6a5'],
  ])
  ctx.fillRect(0, 0, w, h)
  const sun = ctx.createRadialGradient(w * 0.62, h * 0.6, 0, w * 0.62, h * 0.6, w * 0.35)
  sun.addColorStop(0, 'rgba(255,244,214,1)')
  sun.addColorStop(0.18, 'rgba(255,222,170,0.9)')
  sun.addColorStop(1, 'rgba(255,200,150,0)')
  ctx.fillStyle = sun
  ctx.fillRect(0, 0, w, h)
  const rnd = random(7)
  const ridges = ['#7a3b69', '#5a2d5c', '#3c1f4a', '#231433']
  ridges.forEach((color, i) => {
    const base = h * (0.62 + i * 0.1)
    ctx.beginPath()
    ctx.moveTo(0, h)
    for (let x = 0; x <= w; x += w / 12)
      ctx.lineTo(x, base - rnd() * h * 0.08 - Math.sin((x / w) * Math.PI * (2 + i)) * h * 0.03)
    ctx.lineTo(w, h)
    ctx.closePath()
    ctx.fillStyle = color
    ctx.fill()
  })
}

/** Still life: a ceramic cup and saucer on a linen table in soft window light. */
const coffee: Draw = (ctx, w, h) => {
  ctx.fillStyle = vertical(ctx, h, [
    [0, '#efe4d6'],
    [0.55, '#e2d2bf'],
    [0.56, '#c9a98a'],
    [1, '#a9825f'],
  ])
  ctx.fillRect(0, 0, w, h)
  const light = ctx.createRadialGradient(w * 0.2, h * 0.1, 0, w * 0.2, h * 0.1, w)
  light.addColorStop(0, 'rgba(255,255,255,0.55)')
  light.addColorStop(1, 'rgba(255,255,255,0)')
  ctx.fillStyle = light
  ctx.fillRect(0, 0, w, h)
  const cx = w * 0.52
  const cy = h * 0.66
  ctx.fillStyle = 'rgba(60,40,25,0.25)'
  ctx.beginPath()
  ctx.ellipse(cx + w * 0.04, cy + h * 0.05, w * 0.3, h * 0.07, 0, 0, Math.PI * 2)
  ctx.fill()
  ctx.fillStyle = '#f7f3ee'
  ctx.beginPath()
  ctx.ellipse(cx, cy + h * 0.03, w * 0.28, h * 0.065, 0, 0, Math.PI * 2)
  ctx.fill()
  ctx.fillStyle = vertical(ctx, h, [
    [0.4, '#ffffff'],
    [0.7, '#e6ddd3'],
  ])
  ctx.beginPath()
  ctx.moveTo(cx - w * 0.16, cy - h * 0.2)
  ctx.bezierCurveTo(cx - w * 0.16, cy + h * 0.02, cx - w * 0.1, cy + h * 0.05, cx, cy + h * 0.05)
  ctx.bezierCurveTo(cx + w * 0.1, cy + h * 0.05, cx + w * 0.16, cy + h * 0.02, cx + w * 0.16, cy - h * 0.2)
  ctx.closePath()
  ctx.fill()
  ctx.strokeStyle = '#efe8e0'
  ctx.lineWidth = w * 0.022
  ctx.beginPath()
  ctx.ellipse(cx + w * 0.19, cy - h * 0.1, w * 0.05, h * 0.05, 0, -Math.PI / 2, Math.PI / 2)
  ctx.stroke()
  ctx.fillStyle = '#5b3a24'
  ctx.beginPath()
  ctx.ellipse(cx, cy - h * 0.2, w * 0.155, h * 0.03, 0, 0, Math.PI * 2)
  ctx.fill()
  ctx.fillStyle = '#c89b6d'
  ctx.beginPath()
  ctx.ellipse(cx - w * 0.02, cy - h * 0.205, w * 0.06, h * 0.012, 0.2, 0, Math.PI * 2)
  ctx.fill()
}

/** An abstract architectural photo: concrete planes and a slice of sky. */
const facade: Draw = (ctx, w, h) => {
  ctx.fillStyle = vertical(ctx, h, [
    [0, '#9cc5e8'],
    [1, '#dcecf7'],
  ])
  ctx.fillRect(0, 0, w, h)
  const planes: Array<[number, number, number, number, string]> = [
    [0, 0.25, 0.55, 1, '#d9d4cc'],
    [0.3, 0.1, 0.75, 1, '#c5beb3'],
    [0.62, 0.35, 1, 1, '#aaa296'],
    [0.05, 0.6, 0.4, 1, '#e9e4dc'],
  ]
  for (const [x0, y0, x1, y1, c] of planes) {
    ctx.fillStyle = c
    ctx.fillRect(x0 * w, y0 * h, (x1 - x0) * w, (y1 - y0) * h)
  }
  ctx.fillStyle = 'rgba(40,40,50,0.22)'
  for (let i = 0; i < 6; i++) ctx.fillRect(w * (0.36 + i * 0.06), h * 0.2, w * 0.025, h * 0.8)
  ctx.fillStyle = '#e07a3f'
  ctx.fillRect(w * 0.62, h * 0.35, w * 0.38, h * 0.04)
}

/** Flowers on a soft green ground (for invitations). */
const blossom: Draw = (ctx, w, h) => {
  ctx.fillStyle = vertical(ctx, h, [
    [0, '#dfe8d8'],
    [1, '#b9cdb0'],
  ])
  ctx.fillRect(0, 0, w, h)
  const rnd = random(3)
  for (let i = 0; i < 26; i++) {
    const x = rnd() * w
    const y = rnd() * h
    const r = (0.03 + rnd() * 0.06) * w
    const hue = ['#f4c7c3', '#f9e0d9', '#ffffff', '#e8a9a4', '#f6d8a8'][i % 5] ?? '#ffffff'
    ctx.fillStyle = hue
    for (let p = 0; p < 5; p++) {
      const a = (p / 5) * Math.PI * 2 + rnd()
      ctx.beginPath()
      ctx.ellipse(x + Math.cos(a) * r * 0.6, y + Math.sin(a) * r * 0.6, r * 0.55, r * 0.32, a, 0, Math.PI * 2)
      ctx.fill()
    }
    ctx.fillStyle = '#e3b04b'
    ctx.beginPath()
    ctx.arc(x, y, r * 0.22, 0, Math.PI * 2)
    ctx.fill()
  }
}

/** A person's silhouette on a warm studio backdrop (for portraits and business cards). */
const portrait: Draw = (ctx, w, h) => {
  const bg = ctx.createRadialGradient(w * 0.5, h * 0.35, 0, w * 0.5, h * 0.4, w * 0.8)
  bg.addColorStop(0, '#f1d3b3')
  bg.addColorStop(1, '#b97f5a')
  ctx.fillStyle = bg
  ctx.fillRect(0, 0, w, h)
  ctx.fillStyle = '#2f2a33'
  ctx.beginPath()
  ctx.ellipse(w * 0.5, h * 1.02, w * 0.36, h * 0.34, 0, Math.PI, 0)
  ctx.fill()
  ctx.fillStyle = '#8a5a44'
  ctx.fillRect(w * 0.44, h * 0.52, w * 0.12, h * 0.18)
  ctx.fillStyle = '#a8705a'
  ctx.beginPath()
  ctx.ellipse(w * 0.5, h * 0.42, w * 0.15, h * 0.19, 0, 0, Math.PI * 2)
  ctx.fill()
  ctx.fillStyle = '#231c1f'
  ctx.beginPath()
  ctx.ellipse(w * 0.5, h * 0.31, w * 0.17, h * 0.11, 0, Math.PI, 0)
  ctx.fill()
}

const samples: Record<string, [number, number, Draw]> = {
  dusk: [1600, 1200, dusk],
  coffee: [1200, 1200, coffee],
  facade: [1200, 1500, facade],
  blossom: [1400, 1000, blossom],
  portrait: [900, 1100, portrait],
}

for (const [name, [w, h, draw]] of Object.entries(samples)) {
  const canvas = createCanvas(w, h)
  const ctx = canvas.getContext('2d')
  draw(ctx, w, h)
  // A little grain, so the pictures compress and scale like photographs do.
  const img = ctx.getImageData(0, 0, w, h)
  const rnd = random(name.length)
  for (let i = 0; i < img.data.length; i += 4) {
    const n = (rnd() - 0.5) * 10
    for (let c = 0; c < 3; c++) img.data[i + c] = Math.max(0, Math.min(255, (img.data[i + c] ?? 0) + n))
  }
  const jpeg = await sharp(Buffer.from(img.data.buffer), { raw: { width: w, height: h, channels: 4 } })
    .removeAlpha()
    .jpeg({ quality: 82 })
    .toBuffer()
  await writeFile(`${SAMPLES_DIR}/${name}.jpg`, jpeg)
  console.log(`${name}.jpg ${w}×${h} ${(jpeg.length / 1024).toFixed(0)} kB`)
}

/** A fern leaf in a ring: a garden studio's mark. */
const fern: Draw = (ctx, w, h) => {
  const r = Math.min(w, h) / 2
  ctx.translate(w / 2, h / 2)
  ctx.strokeStyle = '#2f6b4f'
  ctx.lineWidth = r * 0.09
  ctx.beginPath()
  ctx.arc(0, 0, r * 0.9, 0, Math.PI * 2)
  ctx.stroke()
  ctx.fillStyle = '#2f6b4f'
  ctx.beginPath()
  ctx.moveTo(0, r * 0.62)
  ctx.lineTo(0, -r * 0.62)
  ctx.lineWidth = r * 0.05
  ctx.stroke()
  for (let i = 0; i < 6; i++) {
    const y = -r * 0.5 + i * r * 0.19
    const len = r * (0.18 + i * 0.05)
    for (const side of [-1, 1]) {
      ctx.beginPath()
      ctx.ellipse(side * len * 0.55, y, len * 0.55, r * 0.07, side * -0.45, 0, Math.PI * 2)
      ctx.fill()
    }
  }
}

/** Two peaks under a sun in a rounded square: an outdoor brand's mark. */
const peak: Draw = (ctx, w, h) => {
  const s = Math.min(w, h)
  ctx.fillStyle = '#14213d'
  ctx.beginPath()
  ctx.roundRect(s * 0.04, s * 0.04, s * 0.92, s * 0.92, s * 0.2)
  ctx.fill()
  ctx.fillStyle = '#f4a259'
  ctx.beginPath()
  ctx.arc(s * 0.66, s * 0.34, s * 0.12, 0, Math.PI * 2)
  ctx.fill()
  ctx.fillStyle = '#ffffff'
  ctx.beginPath()
  ctx.moveTo(s * 0.14, s * 0.78)
  ctx.lineTo(s * 0.4, s * 0.36)
  ctx.lineTo(s * 0.56, s * 0.6)
  ctx.lineTo(s * 0.66, s * 0.48)
  ctx.lineTo(s * 0.86, s * 0.78)
  ctx.closePath()
  ctx.fill()
}

const logos: Record<string, [number, number, Draw]> = {
  'logo-fern': [600, 600, fern],
  'logo-peak': [600, 600, peak],
}

for (const [name, [w, h, draw]] of Object.entries(logos)) {
  const canvas = createCanvas(w, h)
  draw(canvas.getContext('2d'), w, h)
  const png = await sharp(await canvas.encode('png'))
    .png({ compressionLevel: 9, palette: true })
    .toBuffer()
  await writeFile(`${SAMPLES_DIR}/${name}.png`, png)
  console.log(`${name}.png ${w}×${h} ${(png.length / 1024).toFixed(0)} kB`)
}
