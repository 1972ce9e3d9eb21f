/**
 * `pnpm --filter @templet/render bench:text`: what laying out and drawing text costs, this build against another
 * in turns. One 1080×1080 card of text only (a headline, a justified paragraph of English that wraps to about
 * ten lines and a shrink-to-fit line), written in each build's own current document format, so each build runs
 * the text paths a new design of its release takes; `render()` to a PNG, BENCH_N renders per round (default
 * 150) after 20 warm, BENCH_ROUNDS rounds (default 3), each round in a fresh process per build, builds in turns.
 * BENCH_BASELINE names another checkout's `packages/render` (built, e.g. a worktree of an earlier commit); without
 * it only this build is measured. Prints p50 per round and build, and the ratio of the medians.
 */
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const N = Number(process.env.BENCH_N ?? 150)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const WARM = 20
const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

const PARAGRAPH =
  'Typography is the craft of endowing human language with a durable visual form. A page that reads well ' +
  'lets the eye travel without effort from one line to the next, keeps its words whole at the ends of lines, ' +
  'and never lets one line’s letters touch another’s. Set at 11:00–14:00 on 1 December, sizes 1200×628, ' +
  'prices from €12.50, and a well-known phrase or two—the usual things a customer types into a template.'

/** The card as a document of `format`: every text wraps, one shrinks. */
const card = (format: number) => ({
  format,
  id: 'bench-text',
  typeId: 'social-posts',
  name: { en: 'Text bench', 'zh-CN': '文字' },
  sizes: [{ id: 'square', width: 1080, height: 1080, label: { en: 'Square', 'zh-CN': '方形' } }],
  fields: [
    {
      key: 'body',
      kind: 'text',
      label: { en: 'Body', 'zh-CN': '正文' },
      default: PARAGRAPH,
      maxLength: 2000,
    },
  ],
  layers: [
    { id: 'bg', type: 'shape', fill: '#f6f1ea' },
    {
      id: 'headline',
      type: 'text',
      text: 'Words that hold their shape on every line',
      font: 'serif',
      weight: 700,
      size: 84,
      lineHeight: 1.05,
      color: '#1d2b53',
      box: { x: 80, y: 80, w: 920, h: 280 },
    },
    {
      id: 'body',
      type: 'text',
      text: '{{body}}',
      size: 34,
      lineHeight: 1.4,
      justify: true,
      color: '#222222',
      box: { x: 80, y: 400, w: 920, h: 480 },
    },
    {
      id: 'footer',
      type: 'text',
      text: 'A long footer line that has to shrink to fit its narrow box at the bottom of the card',
      size: 40,
      shrinkToFit: { minSize: 14 },
      color: '#555555',
      box: { x: 80, y: 920, w: 600, h: 90 },
    },
  ],
  samples: { en: { body: PARAGRAPH }, 'zh-CN': {} },
})

/** One round in this process: `dir`'s render package and its model, the card in that model's format. */
async function round(dir: string) {
  const modelUrl = pathToFileURL(path.join(dir, 'node_modules/@templet/template/dist/index.js')).href
  const renderUrl = pathToFileURL(path.join(dir, 'dist/index.js')).href
  const { DOCUMENT_FORMAT, parseTemplate } = await import(modelUrl)
  const { render } = await import(renderUrl)
  const t = parseTemplate(card(DOCUMENT_FORMAT))
  const once = () => render(t, t.samples.en, { formats: ['png'] })
  for (let i = 0; i < WARM; i++) await once()
  const times: number[] = []
  for (let i = 0; i < N; i++) {
    const t0 = performance.now()
    await once()
    times.push(performance.now() - t0)
  }
  times.sort((a, b) => a - b)
  console.log(JSON.stringify({ p50: times[Math.floor(N / 2)], format: DOCUMENT_FORMAT }))
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN

if (process.env.BENCH_TEXT_ROUND) await round(process.env.BENCH_TEXT_ROUND)
else {
  const builds = [
    { name: 'this build', dir: here },
    ...(process.env.BENCH_BASELINE
      ? [{ name: 'baseline', dir: path.resolve(process.env.BENCH_BASELINE) }]
      : []),
  ]
  const p50s = new Map<string, number[]>(builds.map((b) => [b.name, []]))
  console.log(
    `@templet/render bench:text: a 1080² card of text, render() to PNG, ${N} renders per round, ms p50`,
  )
  for (let r = 1; r <= ROUNDS; r++)
    for (const b of builds) {
      const out = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
        env: { ...process.env, BENCH_TEXT_ROUND: b.dir },
        encoding: 'utf8',
      })
      const { p50, format } = JSON.parse(out.trim().split('\n').pop() ?? '{}')
      p50s.get(b.name)?.push(p50)
      console.log(`  round ${r}  ${b.name.padEnd(12)} format ${format}  ${p50.toFixed(1)} ms`)
    }
  for (const b of builds)
    console.log(`  ${b.name.padEnd(12)} median ${median(p50s.get(b.name) ?? []).toFixed(1)} ms`)
  if (builds.length === 2) {
    const ratio = median(p50s.get('this build') ?? []) / median(p50s.get('baseline') ?? [])
    console.log(`  this build / baseline: ${ratio.toFixed(2)}×`)
  }
}
