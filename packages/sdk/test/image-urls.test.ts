import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { signImageUrl } from '../src'

describe('signImageUrl', () => {
  it('signs the path and the sorted, percent-encoded query with the URL secret', async () => {
    const url = await signImageUrl({
      baseUrl: 'https://templet.example/',
      keyId: 7,
      urlSecret: 'tk_url_abc',
      templateId: 3,
      format: 'png',
      values: { title: 'Hello, 世界 & co', author: 'Ada' },
      size: 'square',
    })
    const canonical = `/r/7/3.png?author=Ada&size=square&title=${encodeURIComponent('Hello, 世界 & co')}`
    const s = createHmac('sha256', 'tk_url_abc').update(canonical).digest('hex')
    expect(url).toBe(
      `https://templet.example/r/7/3.png?title=${encodeURIComponent('Hello, 世界 & co')}&author=Ada&size=square&s=${s}`,
    )
  })

  it('signs a URL without values over its path alone', async () => {
    const url = await signImageUrl({
      baseUrl: 'https://t.example',
      keyId: 1,
      urlSecret: 'x',
      templateId: 2,
      format: 'webp',
    })
    expect(url).toBe(
      `https://t.example/r/1/2.webp?s=${createHmac('sha256', 'x').update('/r/1/2.webp').digest('hex')}`,
    )
  })
})
