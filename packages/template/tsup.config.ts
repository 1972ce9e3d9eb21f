import { defineConfig } from 'tsup'

export default defineConfig({
  // `rules` and `image-value` are entries without zod, for screens that check values as they are typed.
  entry: { index: 'src/index.ts', rules: 'src/fields/rules.ts', 'image-value': 'src/layers/image/value.ts' },
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
})
