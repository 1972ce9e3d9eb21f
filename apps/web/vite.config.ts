import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, minify, type Plugin } from 'vite'
import { chunkGroups } from './chunk-groups'

/** The API the dev server forwards `/api` to: `pnpm --filter @templet/server dev` listens on 3000. */
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:3000'

/**
 * Writes boot.js, minified, into the page's `<head>` as an inline script: it decides the first paint (theme,
 * language, the guard's redirects), and as a file it cost a request before anything could paint. The server
 * writes each answer's CSP nonce into its empty `nonce` attribute (apps/server/src/web/static.ts).
 */
function inlineBootScript(): Plugin {
  const tag = '<script src="/boot.js"></script>'
  return {
    name: 'templet:inline-boot-script',
    async transformIndexHtml(html) {
      if (!html.includes(tag)) throw new Error(`index.html must load the boot script as ${tag}`)
      const source = await readFile(new URL('./boot.js', import.meta.url), 'utf8')
      const { code } = await minify('boot.js', source)
      return html.replace(tag, () => `<script nonce="">${code.trim()}</script>`)
    },
  }
}

/**
 * Marks every chunk for V8's eager compilation (Chrome 136+, an explicit compile hint; other browsers ignore the
 * comment): its functions are compiled on a background thread while the file streams in, instead of on the main
 * thread when first called. Nearly every function of a chunk runs when it loads (the start, the shell, a screen),
 * and that lazy compilation was a large part of a signed-in page's first render, its longest task. Added after
 * minification, which would drop the comment.
 */
function eagerCompileHint(): Plugin {
  return {
    name: 'templet:eager-compile-hint',
    apply: 'build',
    // On the written files: the comment must open the file, and vite puts its preload map above the code as it
    // generates the bundle.
    async writeBundle(options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue
        const file = path.join(options.dir ?? 'dist', chunk.fileName)
        await writeFile(file, `//# allFunctionsCalledOnLoad\n${await readFile(file, 'utf8')}`)
      }
    },
  }
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [inlineBootScript(), react(), tailwindcss(), ...(isSsrBuild ? [] : [eagerCompileHint()])],
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    // scripts/size.mjs follows the manifest to sum what a route loads first.
    manifest: !isSsrBuild,
    target: 'es2022',
    // The pre-render build (src/prerender.tsx) only produces markup; the files of public/ are the client's.
    copyPublicDir: !isSsrBuild,
    // Fewer, larger chunks (chunk-groups.ts explains); the pre-render build makes one file.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          preserveEntrySignatures: false,
          output: {
            strictExecutionOrder: true,
            codeSplitting: {
              groups: chunkGroups(fileURLToPath(new URL('.', import.meta.url))),
              experimentalInlineCommonChunks: { maxSize: 4000 },
            },
          },
        },
  },
}))
