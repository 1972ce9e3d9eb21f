import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { build, defineConfig, type Plugin } from 'vite'
import { chunkGroups } from './chunk-groups'

/** The API the dev server forwards `/api` to: `pnpm --filter @templet/server dev` listens on 3000. */
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:3000'

/**
 * src/boot.ts and the app's modules it imports (the session, language, guard and first-read rules), bundled
 * and minified into one classic script that can sit inline in the page.
 */
async function bootScript(mode: string): Promise<string> {
  const output = await build({
    configFile: false,
    root: fileURLToPath(new URL('.', import.meta.url)),
    mode,
    logLevel: 'warn',
    build: {
      write: false,
      minify: true,
      target: 'es2020',
      lib: { entry: 'src/boot.ts', formats: ['iife'], name: 'templetBoot' },
    },
  })
  // Not watching, so an output (the type also admits a watcher).
  const [result] = Array.isArray(output) ? output : [output]
  const chunk = result && 'output' in result ? result.output.find((file) => file.type === 'chunk') : undefined
  if (chunk?.type !== 'chunk') throw new Error('src/boot.ts built to nothing')
  const code = chunk.code.trim()
  // Inside <script>, these would end the element or start a comment the HTML parser honours.
  if (/<\/script|<!--/i.test(code))
    throw new Error('the boot script holds </script or <!-- and cannot be inlined')
  return code
}

/**
 * Writes the boot script into the page's `<head>` as an inline script: it decides the first paint (theme,
 * language, the guard's redirects), and as a file it cost a request before anything could paint. The server
 * writes each answer's CSP nonce into its empty `nonce` attribute (apps/server/src/web/static.ts).
 */
function inlineBootScript(): Plugin {
  const tag = '<script src="/src/boot.ts"></script>'
  let mode = 'production'
  return {
    name: 'templet:inline-boot-script',
    configResolved(config) {
      mode = config.mode
    },
    transformIndexHtml: {
      // Before Vite reads the page's scripts, which would try to bundle src/boot.ts as a module of the app.
      order: 'pre',
      async handler(html) {
        if (!html.includes(tag)) throw new Error(`index.html must load the boot script as ${tag}`)
        const code = await bootScript(mode)
        return html.replace(tag, () => `<script nonce="">${code}</script>`)
      },
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
