// What @templet/ui costs an app, printed. Bundles what an app ships when it uses the shell, from the built
// package (dist) the way an app bundler does: esbuild, minified ESM, tree-shaken, react and react-dom left
// out, gzip -9. Prints the whole shell, every subpath alone (`@templet/ui/notification-bell`, …) and the same
// shell features built from a compact radix-ui + sonner + cva + tailwind-merge copy
// (scripts/size/radix-compact.tsx) and from Mantine (scripts/size/mantine.tsx).
//
// No kilobyte budget: what users feel (first paint, Lighthouse) is measured on the app that ships the shell
// (apps/web), and a library figure gated on its own bred hand-written copies of kept libraries (README, Size).
// One check stays, for the promise the subpaths make: an app that imports only `NotificationBell` ships
// none of the menu, the dialog or the toasts. Exits 1 if it does (`npm test` runs this as `ui-size`).
// Run after `pnpm --filter @templet/ui build`.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

const pkgDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..')
/** Packages of other components: an app that imports only the bell must not ship them. */
const NOT_IN_BELL = [
  '@radix-ui/react-menu',
  '@radix-ui/react-dropdown-menu',
  '@radix-ui/react-dialog',
  '@radix-ui/react-toast',
  'react-remove-scroll',
]
const KB = 1024
const kb = (bytes) => `${(bytes / KB).toFixed(1)} kB`
const gzip = (text) => gzipSync(text, { level: 9 }).length

/** Bundles `contents` as an app entry; every name in `keep` is used, so nothing it needs is dropped. */
async function bundle(contents, { alias } = {}) {
  const result = await build({
    stdin: { contents, resolveDir: pkgDir, loader: 'tsx' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    jsx: 'automatic',
    write: false,
    metafile: true,
    external: ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client'],
    alias,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  })
  const code = result.outputFiles[0].text
  return { gzipped: gzip(code), raw: code.length, metafile: result.metafile }
}

const keepAll = (names, from) =>
  `import { ${names.join(', ')} } from '${from}'\nwindow.__keep = [${names.join(', ')}]`

/** Every export of a module file, kept: "an app that uses all of it". */
const bundleModule = (file) =>
  bundle(`import * as all from '${file.replaceAll('\\', '/')}'\nwindow.__keep = all`)

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

const distIndex = path.join(pkgDir, 'dist/index.js')
const shellExports = Object.keys(await import(distIndex))
const whole = await bundle(keepAll(shellExports, '@templet/ui'), { alias: { '@templet/ui': distIndex } })
const bell = await bundle(keepAll(['NotificationBell'], '@templet/ui/notification-bell'), {
  alias: { '@templet/ui/notification-bell': path.join(pkgDir, 'dist/notification-bell/index.js') },
})

/** Every subpath of package.json `exports` alone, all its exports used: what importing one piece costs. */
const pkg = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8'))
const subpaths = []
for (const [subpath, target] of Object.entries(pkg.exports)) {
  const file = typeof target === 'string' ? target : target.import
  if (subpath === '.' || !file.endsWith('/index.js')) continue
  const distFile = path.join(pkgDir, file)
  const names = Object.keys(await import(distFile))
  const specifier = `@templet/ui/${subpath.slice(2)}`
  subpaths.push([specifier, await bundle(keepAll(names, specifier), { alias: { [specifier]: distFile } })])
}
const css = gzip(readFileSync(path.join(pkgDir, 'dist/styles.css'), 'utf8'))

/** A comparison that cannot be built (a dependency missing) is reported, not fatal: the budget is ours. */
async function reference(file) {
  try {
    return await bundleModule(path.join(pkgDir, 'scripts/size', file))
  } catch (error) {
    return { error: error.errors?.[0]?.text ?? String(error) }
  }
}
const radixCompact = await reference('radix-compact.tsx')
const mantine = await reference('mantine.tsx')

const rows = [
  [`@templet/ui, whole shell (${shellExports.length} exports)`, whole],
  ['@templet/ui/notification-bell alone', bell],
  ['compact radix-ui + sonner + cva + tailwind-merge', radixCompact],
  ['Mantine 9 (AppShell, NavLink, Menu, Indicator, notifications)', mantine],
]
const width = Math.max(...rows.map(([name]) => name.length))
console.log('JS an app ships for the shell: esbuild, minified, react and react-dom excluded, gzip -9')
console.log(`| ${'shell'.padEnd(width)} | JS gzipped | JS minified |`)
console.log(`|${'-'.repeat(width + 2)}|------------|-------------|`)
for (const [name, result] of rows) {
  const figures = result.error
    ? `not built: ${result.error}`
    : `${kb(result.gzipped).padStart(10)} | ${kb(result.raw).padStart(11)} |`
  console.log(`| ${name.padEnd(width)} | ${figures}`)
}
console.log(`styles.css (all of it): ${kb(css)} gzipped`)

console.log('\neach subpath alone (all its exports used):')
const subWidth = Math.max(...subpaths.map(([name]) => name.length))
for (const [name, result] of subpaths) {
  console.log(
    `  ${name.padEnd(subWidth)} ${kb(result.gzipped).padStart(8)} gzipped ${kb(result.raw).padStart(9)} minified`,
  )
}

console.log('\nwhere the bytes of the whole shell go (minified, before gzip):')
for (const [owner, bytes] of bytesByPackage(whole.metafile).slice(0, 12)) {
  console.log(`  ${owner.padEnd(36)} ${kb(bytes)}`)
}

const bellPackages = new Set(bytesByPackage(bell.metafile).map(([owner]) => owner))
const strays = NOT_IN_BELL.filter((name) => bellPackages.has(name))
console.log(
  `\nNotificationBell alone ships no other component's code -> ${strays.length ? 'NO' : 'yes'} (${kb(bell.gzipped)})`,
)
for (const name of strays) {
  console.error(`  ${name} is in the bell's bundle: an import of the bell reaches another component`)
}
process.exitCode = strays.length ? 1 : 0
