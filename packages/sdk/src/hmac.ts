/** Hex HMAC-SHA256 of `text` keyed with `secret`, by Web Crypto: the same in Node 20 and in a browser. */
export async function hmacHex(secret: string, text: string): Promise<string> {
  const encoder = new TextEncoder()
  const key = await globalThis.crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  const mac = new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', key, encoder.encode(text)))
  return Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** Compares two hex strings in time independent of where they differ. */
export function sameHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i += 1) diff |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return diff === 0
}
