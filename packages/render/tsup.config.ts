import { defineConfig } from 'tsup'

export default defineConfig({
  entry: { index: 'src/index.ts', cli: 'src/cli.ts' },
  format: ['esm'],
  dts: { entry: { index: 'src/index.ts' } },
  sourcemap: true,
  clean: true,
  target: 'es2022',
  // Native modules and the font packages are resolved at run time from the package's node_modules.
  external: ['@napi-rs/canvas', 'sharp'],
})
