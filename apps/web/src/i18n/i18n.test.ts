import { afterAll, describe, expect, it } from 'vitest'
import { errorText } from '../editor/fields'
import { issueText } from '../forms/issues'
import { currentLanguage, i18n, LANGUAGE_KEY, loadLanguage, setLanguage } from './index'

describe('the app’s languages', () => {
  afterAll(async () => {
    localStorage.removeItem(LANGUAGE_KEY)
    await loadLanguage('en')
  })

  // First: the catalogues are loaded once per page, so this must see zh-CN before any other test loads it.
  it('loads a language’s catalogue even when a screen added its own words in it first', async () => {
    i18n.addResourceBundle('zh-CN', 'translation', { screenOnly: { hello: '你好' } }, true, true)
    await setLanguage('zh-CN')
    expect(i18n.t('nav.dashboard')).toBe('仪表盘')
    expect(i18n.t('screenOnly.hello')).toBe('你好')
    await setLanguage('en')
  })

  it('switches language, remembers the choice, and follows it in <html lang>', async () => {
    await setLanguage('zh-CN')
    expect(currentLanguage()).toBe('zh-CN')
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('zh-CN')
    expect(document.documentElement.lang).toBe('zh-CN')
    expect(i18n.t('issues.required')).not.toBe(i18n.getFixedT('en')('issues.required'))
    await setLanguage('en')
    expect(document.documentElement.lang).toBe('en')
    expect(i18n.t('issues.required')).toBe('This field is required')
  })

  it('words a field’s issue by its code: the field’s own text, else the code’s, else a general one', async () => {
    await loadLanguage('en')
    expect(issueText(i18n.t, 'email', { type: 'invalid_format' })).toBe('Enter a valid email address')
    expect(issueText(i18n.t, 'name', { type: 'too_big', params: { maximum: 60 } })).toBe(
      'Name must be at most 60 characters',
    )
    expect(issueText(i18n.t, 'cardholder', { type: 'invalid_type' })).toBe('Enter a valid value')
    expect(issueText(i18n.t, 'email', { type: 'no_such_code' })).toBe('Check this field')
    // A text the app made itself is shown as it is.
    expect(issueText(i18n.t, 'email', { type: 'taken', message: 'Already registered' })).toBe(
      'Already registered',
    )
    expect(issueText(i18n.t, 'email', undefined)).toBeUndefined()
  })

  it('words the editor’s rules with the field’s own limits', async () => {
    await loadLanguage('en')
    const text = {
      key: 'title',
      label: 'Title',
      labels: { en: 'Title', 'zh-CN': '标题' },
      kind: 'text' as const,
      defaults: { en: '', 'zh-CN': '' },
      minLength: 3,
      maxLength: 40,
      multiline: false,
    }
    expect(errorText(i18n.t, text, { type: 'too_big' })).toBe('Must be at most 40 characters')
    expect(errorText(i18n.t, text, { type: 'too_small' })).toBe('Must be at least 3 characters')
    expect(errorText(i18n.t, text, { type: 'not_single_line' })).toBe('Must be a single line')
  })
})
