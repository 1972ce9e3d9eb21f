/**
 * Bytes as a response body without copying them: a view of the same memory. (`new Uint8Array(buffer)` copies
 * the whole body; Hono's body type wants a Uint8Array over an ArrayBuffer, which a Node Buffer is not typed as.)
 */
export function bodyBytes(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength)
}
