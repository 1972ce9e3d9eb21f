import { Code } from '@templet/api/contract'
import { AppError, invalidInput } from '../errors'

const tooLarge = () => new AppError(Code.payloadTooLarge, 'file: The file is larger than 10 MB')

/**
 * The parts of a `multipart/form-data` body (text parts as strings, file parts as `File`; a repeated name
 * keeps its last part), refused with 413 as soon as more than `maxBytes` arrive, with or without
 * `Content-Length`. The source is never cancelled (that would drop the connection before the answer); what
 * is left unread is drained after the answer (server.ts).
 */
export async function readMultipartBody(req: Request, maxBytes: number): Promise<Record<string, unknown>> {
  const type = req.headers.get('content-type') ?? ''
  if (!/^multipart\/form-data\b/i.test(type))
    throw invalidInput([], 'Send multipart/form-data', {
      code: 'invalid_type',
      params: { expected: 'multipart/form-data' },
    })
  if (Number(req.headers.get('content-length') ?? 0) > maxBytes) throw tooLarge()
  if (!req.body) throw invalidInput([], 'Malformed multipart/form-data')
  const source = req.body.getReader()
  let size = 0
  let over = false
  const limited = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await source.read()
      if (done) {
        source.releaseLock()
        controller.close()
        return
      }
      size += value.byteLength
      if (size > maxBytes) {
        over = true
        source.releaseLock()
        controller.error(tooLarge())
        return
      }
      controller.enqueue(value)
    },
  })
  try {
    const form = await new Response(limited, { headers: { 'content-type': type } }).formData()
    return Object.fromEntries(form.entries())
  } catch {
    if (over) throw tooLarge()
    throw invalidInput([], 'Malformed multipart/form-data')
  }
}
