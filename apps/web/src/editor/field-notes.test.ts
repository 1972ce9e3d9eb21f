import { describe, expect, it } from 'vitest'
import { ApiFailureError } from '../api/client'
import { i18n, loadLanguage, setLanguage } from '../i18n'
import { createFailureText, scriptLabel, serverIssueText, uploadFailureText } from './field-notes'
import { toggleMark } from './markup-buttons'

describe('the editor’s notes beside a field', () => {
  it('names a script in the reader’s language, symbols as symbols', () => {
    expect(scriptLabel('Ethiopic', 'en', 'symbols')).toBe('Ethiopic')
    expect(scriptLabel('Ethiopic', 'zh-CN', '符号')).toBe('埃塞俄比亚文')
    expect(scriptLabel('Common', 'en', 'symbols')).toBe('symbols')
    // A script without a code here is named as the server sent it.
    expect(scriptLabel('Old Hungarian', 'zh-CN', '符号')).toBe('Old Hungarian')
  })

  it('words a refusal of characters with the characters and the script, in either language', async () => {
    const issue = {
      path: ['values', 'title'],
      code: 'unsupported_characters' as const,
      params: { characters: 'ሰላም', script: 'Ethiopic' },
    }
    await loadLanguage('en')
    expect(serverIssueText(i18n.t, 'en', 'text', issue)).toBe(
      'This template has no letters for these characters (Ethiopic): ሰላም. Remove them, or write the text in another script.',
    )
    await setLanguage('zh-CN')
    expect(serverIssueText(i18n.t, 'zh-CN', 'text', issue)).toBe(
      '此模板没有这些字符的字形（埃塞俄比亚文）：ሰላም。请删除它们，或改用其他文字书写。',
    )
    await setLanguage('en')
  })
})

describe('why an upload failed', () => {
  const refused = (origin: string, maximum: number) =>
    new ApiFailureError(400, 'refused', undefined, [
      { path: ['file'], code: 'too_big', params: { origin, maximum } },
    ])

  it('says an image has too many pixels, or too long a side, with the limit, in either language', async () => {
    await loadLanguage('en')
    expect(uploadFailureText(i18n.t, refused('pixels', 50_000_000))).toBe(
      'This image has more pixels than can be used (at most 50 megapixels). Scale it down and upload it again.',
    )
    expect(uploadFailureText(i18n.t, refused('side', 16_384))).toBe(
      'This image is too long on one side (at most 16,384 pixels). Scale it down and upload it again.',
    )
    // Any other refusal of the file says which files are taken.
    expect(uploadFailureText(i18n.t, new ApiFailureError(400, 'not an image'))).toBe(
      'This file could not be used: upload a PNG, JPEG or WebP image.',
    )
    await setLanguage('zh-CN')
    expect(uploadFailureText(i18n.t, refused('pixels', 50_000_000))).toBe(
      '这张图片像素过多（最多 50 百万像素）。请缩小后重新上传。',
    )
    await setLanguage('en')
  })

  it('says why a creation was not made, in either language, and that nothing was charged', async () => {
    const refusal = (data: Record<string, unknown>) =>
      new ApiFailureError(422, 'This design could not be drawn (x)', undefined, [], data)
    await loadLanguage('en')
    expect(createFailureText(i18n.t, refusal({ reason: 'Invalid glyph run' }))).toBe(
      'This design could not be drawn (Invalid glyph run), so nothing was charged. Change or remove the layer or size it names, or tell support which design it is.',
    )
    expect(createFailureText(i18n.t, refusal({ limitSeconds: 60 }))).toMatch(
      /^This design took longer than 60 s/,
    )
    expect(createFailureText(i18n.t, refusal({ limitMb: 512 }))).toMatch(/more than 512 MB of memory/)
    // Any other refusal in the server's words.
    expect(createFailureText(i18n.t, new ApiFailureError(409, 'The template changed'))).toBe(
      'The image could not be created: The template changed',
    )
    await setLanguage('zh-CN')
    expect(createFailureText(i18n.t, refusal({ reason: 'Invalid glyph run' }))).toBe(
      '这个设计无法绘制（Invalid glyph run），未扣点数。请修改或删除出错的图层或尺寸，或告诉客服是哪个设计。',
    )
    await setLanguage('en')
  })
})

describe('bold and italic in a text field', () => {
  const field = (value: string, start: number, end: number) => {
    const el = document.createElement('input')
    document.body.append(el)
    el.value = value
    el.setSelectionRange(start, end)
    const seen: string[] = []
    el.addEventListener('input', () => seen.push(el.value))
    return { el, seen }
  }

  it('wraps the selected words, and unwraps them when pressed again', () => {
    const { el, seen } = field('Spring sale now', 7, 11)
    toggleMark(el, '**')
    expect(el.value).toBe('Spring **sale** now')
    // The words stay selected, so a second press undoes the first.
    expect(el.value.slice(el.selectionStart ?? 0, el.selectionEnd ?? 0)).toBe('sale')
    toggleMark(el, '**')
    expect(el.value).toBe('Spring sale now')
    // Every change reaches the form as the field's own input event.
    expect(seen).toEqual(['Spring **sale** now', 'Spring sale now'])
  })

  it('sets bold words in italics too, and takes either away alone', () => {
    const { el } = field('Spring sale now', 7, 11)
    toggleMark(el, '**')
    toggleMark(el, '*')
    expect(el.value).toBe('Spring ***sale*** now')
    toggleMark(el, '**')
    expect(el.value).toBe('Spring *sale* now')
    toggleMark(el, '**')
    toggleMark(el, '*')
    expect(el.value).toBe('Spring **sale** now')
  })

  it('with nothing selected, puts the pair at the caret with the caret between', () => {
    const { el } = field('Hello ', 6, 6)
    toggleMark(el, '*')
    expect(el.value).toBe('Hello **')
    expect([el.selectionStart, el.selectionEnd]).toEqual([7, 7])
  })
})
