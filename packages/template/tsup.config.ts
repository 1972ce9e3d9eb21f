import { defineConfig } from 'tsup'

export default defineConfig({
  // `rules`, `image-value` and `sizes` are entries without zod, for screens that check values as they are typed.
  entry: {
    index: 'src/index.ts',
    rules: 'src/fields/rules.ts',
    'image-value': 'src/layers/image/value.ts',
    sizes: 'src/sizes.ts',
  },
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
})
