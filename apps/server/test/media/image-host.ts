import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { solidImage } from './images'

/** A web host on the loopback serving a photo, a redirect to it, a 404 and a text; counts the photo's GETs. */
export async function imageHost() {
  const png = await solidImage('png', 64, 48)
  const hits = new Map<string, number>()
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/'
    hits.set(path, (hits.get(path) ?? 0) + 1)
    if (path.startsWith('/photo')) res.writeHead(200, { 'content-type': 'image/png' }).end(png)
    else if (path === '/moved') res.writeHead(302, { location: '/photo.png' }).end()
    else if (path === '/loop') res.writeHead(302, { location: '/loop' }).end()
    else if (path === '/text') res.writeHead(200, { 'content-type': 'text/plain' }).end('not a picture')
    else if (path === '/huge') res.writeHead(200, { 'content-length': String(11 * 2 ** 20) }).end()
    else res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { base, hits, close: () => new Promise((resolve) => server.close(resolve)) }
}
