/**
 * `pnpm --filter @templet/render bench:scripts`: what the fonts of every script cost. Prints, each line a
 * separate measure: render() of the bench card (Latin + Chinese) with the fonts registered as renders need
 * them and with every shipped family registered up front; a card with Thai and emoji (first render, then
 * steady); the RSS of 1,000 renders of that card; and the time to import the package in a fresh process
 * (what the server pays at start). Env: BENCH_N (renders per line, default 100), BENCH_RSS_N (1000).
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { SAMPLES_DIR, sampleImages } from '@templet/catalogue'
import { parseTemplate, type Values } from '@templet/template'
import { registerFonts, render } from '../src/index'

const N = Number(process.env.BENCH_N ?? 100)
const RSS_N = Number(process.env.BENCH_RSS_N ?? 1000)
const here = (p: string) => new URL(p, import.meta.url)
const card = parseTemplate(JSON.parse(readFileSync(here('../bench/card.json'), 'utf8')))
const photo = readFileSync(`${SAMPLES_DIR}/dusk.jpg`)
const images = async () => photo
const THAI_EMOJI: Values = { title: 'เทศกาลแสงไฟ 🎉🏳️‍🌈', line: 'ยินดีต้อนรับทุกคน 👍🏽 เข้าฟรี', photo: '1' }
const LATIN: Values = { photo: '1' }

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)] ?? 0
async function time(n: number, values: Values) {
  const ms: number[] = []
  for (let i = 0; i < n; i++) {
    const t = performance.now()
    await render(card, values, { images })
    ms.push(performance.now() - t)
  }
  return `${pct(ms, 0.5).toFixed(1)} ms p50, ${pct(ms, 0.99).toFixed(1)} ms p99`
}
const mode = process.argv[2]

if (mode === 'lazy' || mode === 'eager') {
  if (mode === 'eager') registerFonts()
  for (let i = 0; i < 10; i++) await render(card, LATIN, { images })
  console.log(
    `bench card, fonts ${mode === 'eager' ? 'all registered up front' : 'registered on use'}: ${await time(N, LATIN)}`,
  )
} else if (mode === 'thai') {
  let t = performance.now()
  await render(card, THAI_EMOJI, { images })
  console.log(
    `Thai + emoji card, first render (fonts registered, emoji font read): ${(performance.now() - t).toFixed(0)} ms`,
  )
  for (let i = 0; i < 10; i++) await render(card, THAI_EMOJI, { images })
  console.log(`Thai + emoji card, steady: ${await time(N, THAI_EMOJI)}`)
  const before = process.memoryUsage().rss
  let peak = before
  t = performance.now()
  for (let i = 0; i < RSS_N; i++) {
    await render(card, THAI_EMOJI, { images })
    peak = Math.max(peak, process.memoryUsage().rss)
  }
  const after = process.memoryUsage().rss
  const mb = (b: number) => (b / 1e6).toFixed(0)
  console.log(
    `RSS over ${RSS_N} Thai + emoji renders: ${mb(before)} -> ${mb(after)} MB (+${((after - before) / 1e6).toFixed(1)} MB, peak ${mb(peak)} MB) in ${((performance.now() - t) / 1000).toFixed(0)} s`,
  )
} else {
  void sampleImages
  const imports: number[] = []
  for (let i = 0; i < 7; i++) {
    const out = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "const t = performance.now(); await import('./dist/index.js'); console.log(performance.now() - t)",
      ],
      { cwd: here('..').pathname, encoding: 'utf8' },
    )
    imports.push(Number(out.trim()))
  }
  console.log(
    `import of the built package in a fresh process: ${pct(imports, 0.5).toFixed(0)} ms median of 7`,
  )
  for (const m of ['lazy', 'eager', 'thai'])
    process.stdout.write(
      execFileSync(process.execPath, ['--import', 'tsx', here('./bench-scripts.ts').pathname, m], {
        env: { ...process.env, MALLOC_ARENA_MAX: '2' },
        encoding: 'utf8',
      }),
    )
}
