import type { TemplateDetail, TemplateSummary } from '@templet/api/contract'
import { expect } from 'vitest'
import type { TestServer } from '../harness'
import { form, solidImage } from './images'

export async function allTemplates(s: TestServer): Promise<TemplateSummary[]> {
  const r = await s.call<TemplateSummary[]>('GET', '/template/list', { query: { pageSize: 100 } })
  expect(r.code).toBe(0)
  return r.data
}

export async function detailOf(s: TestServer, id: number): Promise<TemplateDetail> {
  const r = await s.call<TemplateDetail>('GET', '/template/detail', { query: { id } })
  expect(r.code).toBe(0)
  return r.data
}

/** One of `token`'s uploads: a 64 px square PNG, or `png`. */
export async function uploadImage(s: TestServer, token: string, png?: Buffer): Promise<number> {
  const r = await s.call('POST', '/upload/image', {
    token,
    form: form(png ?? (await solidImage('png', 64, 64)), 'a.png', 'image/png'),
  })
  expect(r.code).toBe(0)
  return r.data.id
}

/** Values that pass validation: the defaults, plus one of the caller's uploads for each required image. */
export async function validValues(
  s: TestServer,
  token: string,
  t: TemplateDetail,
): Promise<Record<string, string>> {
  const values: Record<string, string> = {}
  for (const f of t.fields)
    if (f.kind === 'image' && f.required) values[f.key] = String(await uploadImage(s, token))
  return values
}

/** A template with a text field and one with an image field (the catalogue has both). */
export async function templateWith(s: TestServer, kind: 'text' | 'image'): Promise<TemplateDetail> {
  for (const t of await allTemplates(s)) {
    const d = await detailOf(s, t.id)
    if (d.fields.some((f) => f.kind === kind)) return d
  }
  throw new Error(`no template with a ${kind} field`)
}

/** A template of the caller's, duplicated from the catalogue's first, and its document as the designer sends it back. */
export async function ownCopyOfCatalogue(
  s: TestServer,
  token: string,
): Promise<{ id: number; document: Record<string, unknown> }> {
  const list = await s.call('GET', '/template/list', { query: { pageSize: 1 } })
  const dup = await s.call('POST', '/template/duplicate', { token, body: { id: list.data[0].id } })
  const doc = await s.call('GET', '/template/document', { token, query: { id: dup.data.id } })
  return { id: dup.data.id as number, document: doc.data.document as Record<string, unknown> }
}
