import { apiAs, expect, type TempletServer } from './fixtures'

const label = (en: string, zh: string) => ({ en, 'zh-CN': zh })

/**
 * A template of the customer's whose fields have keys no form shows (`text_2`, `option_fill`, `image`): a
 * headline of at most 12 characters, a Teal/Coral choice and, with `photo`, an optional photo. Its id.
 */
export async function tealOrCoral(server: TempletServer, token: string, o: { photo?: boolean } = {}) {
  const list = (await apiAs(server, token, 'GET', '/template/list?pageSize=1')).data as { id: number }[]
  const copy = (await apiAs(server, token, 'POST', '/template/duplicate', { id: list[0]?.id })).data as {
    id: number
  }
  const { document } = (await apiAs(server, token, 'GET', `/template/document?id=${copy.id}`)).data as {
    document: Record<string, unknown>
  }
  const saved = await apiAs(server, token, 'POST', '/template/save', {
    id: copy.id,
    name: 'Teal or coral',
    document: {
      ...document,
      fields: [
        { key: 'text_2', kind: 'text', label: label('Headline', '标题'), default: 'Hello', maxLength: 12 },
        {
          key: 'option_fill',
          kind: 'choice',
          label: label('Colour', '颜色'),
          default: 'option1',
          options: [
            { value: 'option1', label: label('Teal', '青色') },
            { value: 'option2', label: label('Coral', '珊瑚色') },
          ],
        },
        ...(o.photo ? [{ key: 'image', kind: 'image', label: label('Photo', '照片') }] : []),
      ],
      layers: [
        {
          id: 'bg',
          type: 'shape',
          fill: { field: 'option_fill', map: { option1: '#008080', option2: '#ff7f50' } },
        },
        ...(o.photo
          ? [{ id: 'photo', type: 'image', field: 'image', box: { x: 0, y: 0, w: 400, h: 200 } }]
          : []),
        { id: 'headline', type: 'text', text: '{{text_2}}', size: 20 },
      ],
      samples: { en: {}, 'zh-CN': {} },
    },
  })
  expect(saved.code, saved.msg).toBe(0)
  return copy.id
}
