// Prints the gzipped size of what an app ships when it uses the shell: the whole shell, and NotificationBell
// alone, bundled from the built package (dist) the way an app bundler would: minified, tree-shaken, with
// react and react-dom left out. Run after `pnpm --filter @templet/ui build`.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

const pkgDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..')
const BUDGET_KB = 30
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`
const gzip = (text) => gzipSync(text, { level: 9 }).length

const shellExports = Object.keys(await import(path.join(pkgDir, 'dist/index.js')))

async function bundle(names) {
  const result = await build({
    stdin: {
      contents: `import { ${names.join(', ')} } from '@templet/ui'\nwindow.__keep = [${names.join(', ')}]`,
      resolveDir: pkgDir,
    },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    metafile: true,
    external: ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client'],
    alias: { '@templet/ui': path.join(pkgDir, 'dist/index.js') },
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  })
  const code = result.outputFiles[0].text
  return { gzipped: gzip(code), raw: code.length, metafile: result.metafile }
}

/** Minified bytes per package inside the bundle, largest first: where the bytes go. */
function bytesByPackage(metafile) {
  const totals = new Map()
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const match = input.match(/node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/)
      const owner = match ? match[1] : '@templet/ui (own code)'
      totals.set(owner, (totals.get(owner) ?? 0) + bytesInOutput)
    }
  }
  return [...totals].sort((a, b) => b[1] - a[1])
}

const whole = await bundle(shellExports)
const bell = await bundle(['NotificationBell'])
const css = gzip(readFileSync(path.join(pkgDir, 'dist/styles.css'), 'utf8'))

console.log('@templet/ui, gzipped, react and react-dom excluded')
console.log(
  `  whole shell (${shellExports.length} exports)  JS ${kb(whole.gzipped)} (minified ${kb(whole.raw)})`,
)
console.log(`  NotificationBell alone          JS ${kb(bell.gzipped)} (minified ${kb(bell.raw)})`)
console.log(`  styles.css                      ${kb(css)}`)
console.log(
  `  budget: whole shell JS ≤ ${BUDGET_KB} kB -> ${whole.gzipped <= BUDGET_KB * 1024 ? 'within' : 'OVER'}`,
)
console.log('where the bytes go (minified, before gzip):')
for (const [owner, bytes] of bytesByPackage(whole.metafile).slice(0, 12)) {
  console.log(`  ${owner.padEnd(36)} ${kb(bytes)}`)
}
