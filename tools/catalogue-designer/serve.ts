import { fileURLToPath } from 'node:url'
import { createServer, type ViteDevServer } from 'vite'

/** The workflow's dev server (vite.config.ts here) listening on the loopback at `port`. */
export async function serveCatalogueDesigner(port: number): Promise<ViteDevServer> {
  const server = await createServer({
    configFile: fileURLToPath(new URL('./vite.config.ts', import.meta.url)),
    server: { port, host: '127.0.0.1', strictPort: true },
    logLevel: 'warn',
  })
  await server.listen()
  return server
}
