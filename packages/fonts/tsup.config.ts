import { defineConfig } from 'tsup'

export default defineConfig({
  // `index` is the manifest alone (browser-safe); `files` finds a face's TTF in the installed packages (Node).
  entry: { index: 'src/index.ts', files: 'src/files.ts' },
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
})
