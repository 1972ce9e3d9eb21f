import { defineConfig } from 'tsup'

export default defineConfig({
  entry: ['src/index.ts', 'src/contract/index.ts', 'src/card.ts', 'src/limits.ts', 'src/paths.ts'],
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
})
