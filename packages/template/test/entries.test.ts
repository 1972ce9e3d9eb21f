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
  it('bundles for the browser with zod, bidi-js and uqr (QR codes) as its only dependencies (no Node built-in, no native module)', async () => {
    // platform: 'browser' fails the build on any node: import.
    expect(new Set(await packagesOf('index.ts'))).toEqual(new Set(['zod', 'bidi-js', 'uqr']))
  })

  it('gives screens the value rules and image values without zod', async () => {
    expect(await packagesOf('fields/rules.ts')).toEqual([])
    expect(await packagesOf('layers/image/value.ts')).toEqual([])
  })
})
