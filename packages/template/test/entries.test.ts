import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'

/** The packages a bundle of an entry pulls in (every import resolved, none written out). */
async function packagesOf(entry: string) {
  const result = await build({
    entryPoints: [new URL(`../src/${entry}`, import.meta.url).pathname],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    metafile: true,
    logLevel: 'silent',
  })
  return Object.keys(result.metafile.inputs)
    .filter((f) => f.includes('node_modules'))
    .map((f) => /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(f)?.[1])
}

describe('the package in a browser', () => {
  it('bundles for the browser with zod, bidi-js, uqr (QR codes), hyphen (patterns loaded on demand) and linebreak (UAX #14, with its trie) as its only dependencies (no Node built-in, no native module)', async () => {
    // platform: 'browser' fails the build on any node: import. hyphen's patterns are imported on demand.
    expect(new Set(await packagesOf('index.ts'))).toEqual(
      new Set(['zod', 'bidi-js', 'uqr', 'hyphen', 'linebreak', 'unicode-trie', 'tiny-inflate', 'base64-js']),
    )
  })

  it('loads hyphenation (its core and each language’s patterns) in chunks of their own, on first use', async () => {
    const result = await build({
      entryPoints: [new URL('../src/index.ts', import.meta.url).pathname],
      bundle: true,
      splitting: true,
      outdir: 'out',
      write: false,
      format: 'esm',
      platform: 'browser',
      metafile: true,
      logLevel: 'silent',
    })
    const { outputs: byPath } = result.metafile
    const outputs = Object.values(byPath)
    // What a page that lays text out loads: the entry and the chunks it imports statically.
    const loaded = new Set<string>()
    const visit = (path: string) => {
      if (loaded.has(path)) return
      loaded.add(path)
      for (const i of byPath[path]?.imports ?? []) if (i.kind === 'import-statement') visit(i.path)
    }
    visit(Object.keys(byPath).find((path) => byPath[path]?.entryPoint?.endsWith('src/index.ts')) ?? '')
    const inputs = [...loaded].flatMap((path) => Object.keys(byPath[path]?.inputs ?? {}))
    expect(inputs.filter((f) => f.includes('node_modules/hyphen/'))).toEqual([])
    const english = outputs.find((o) =>
      Object.keys(o.inputs).some((f) => f.endsWith('hyphen/patterns/en-us.js')),
    )
    expect(Object.keys(english?.inputs ?? {})).toHaveLength(1)
  })

  it('gives screens the value rules and image values without zod', async () => {
    expect(await packagesOf('fields/rules.ts')).toEqual([])
    expect(await packagesOf('layers/image/value.ts')).toEqual([])
  })
})
