import { describe, expect, it } from 'vitest'
import { ApiFailureError } from '../api/client'
import { i18n, loadLanguage, setLanguage } from '../i18n'
import { saveRefusal } from './save-refusal'

const quota = new ApiFailureError(403, 'Saving this would take your templates to 50.2 MB…', undefined, [], {
  usedBytes: 50 * 2 ** 20,
  bytes: 200_000,
  quotaBytes: 50 * 2 ** 20,
})

describe('a refused template save in the page language', () => {
  it('says how full the plan is and what to do, in English and in Chinese, not in the server words', async () => {
    await loadLanguage('en')
    expect(saveRefusal(i18n.t, 'en', quota)).toBe(
      'This save would take your templates past the 50 MB your plan keeps (every saved version counts). Delete templates you no longer use, or subscribe for more room.',
    )
    await setLanguage('zh-CN')
    expect(saveRefusal(i18n.t, 'zh-CN', quota)).toContain('50 MB')
    expect(saveRefusal(i18n.t, 'zh-CN', new ApiFailureError(429, 'Too many requests'))).toBe(
      '短时间内保存次数过多：请等几分钟再保存。你的更改仍保留在这里。',
    )
    await setLanguage('en')
  })

  it('keeps the server words for a refusal it has none for (a layer the model refuses)', async () => {
    await loadLanguage('en')
    const layer = new ApiFailureError(400, 'document: layer "title", property "size": expected a number')
    expect(saveRefusal(i18n.t, 'en', layer)).toBe(layer.msg)
    expect(saveRefusal(i18n.t, 'en', new ApiFailureError(409, 'conflict'))).toMatch(/saved from another tab/)
  })
})
