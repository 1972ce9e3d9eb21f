import { afterAll, describe, expect, it } from 'vitest'
import { describeAuthFailure } from '../auth/auth-submit'
import { errorText } from '../editor/fields'
import { issueText } from '../forms/issues'
import { currentLanguage, i18n, LANGUAGE_KEY, loadLanguage, setLanguage } from './index'
import { zhCN } from './zh-CN'

/** A single-line text field named Title, as the editor reads it, with the length limits given. */
const titleField = (minLength: number, maxLength: number) => ({
  key: 'title',
  label: 'Title',
  labels: { en: 'Title', 'zh-CN': '标题' },
  kind: 'text' as const,
  defaults: { en: '', 'zh-CN': '' },
  minLength,
  maxLength,
  multiline: false,
})

describe('the app’s languages', () => {
  afterAll(async () => {
    localStorage.removeItem(LANGUAGE_KEY)
    await loadLanguage('en')
  })

  it('loads a language’s catalogue even when a screen’s own words made its bundle first', async () => {
    await import('../account/messages')
    await setLanguage('zh-CN')
    expect(i18n.t('issues.required')).toBe(zhCN.issues.required)
    expect(i18n.t('account.forgotLink')).toBe('忘记密码？')
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
    const text = titleField(3, 40)
    expect(errorText(i18n.t, text, { type: 'too_big' })).toBe('Must be at most 40 characters')
    expect(errorText(i18n.t, text, { type: 'too_small' })).toBe('Must be at least 3 characters')
    expect(errorText(i18n.t, text, { type: 'not_single_line' })).toBe('Must be a single line')
  })

  it('words a limit of one in the singular, in either language', async () => {
    const one = titleField(1, 40)
    await loadLanguage('en')
    expect(errorText(i18n.t, one, { type: 'too_small' })).toBe('Must be at least 1 character')
    expect(issueText(i18n.t, 'password', { type: 'too_small', params: { minimum: 1 } })).toBe(
      'Password must be at least 1 character',
    )
    expect(issueText(i18n.t, 'nickname', { type: 'too_big', params: { maximum: 1 } })).toBe(
      'Must be at most 1 character',
    )
    await setLanguage('zh-CN')
    expect(errorText(i18n.t, one, { type: 'too_small' })).toBe('至少需要 1 个字符')
    expect(errorText(i18n.t, one, { type: 'too_big' })).toBe('不能超过 40 个字符')
    await setLanguage('en')
  })

  it('words a sign-in lockout in whole minutes, in either language', async () => {
    const lockedOut = { code: 429, msg: '', data: { retryAfterSeconds: 894 } } as const
    await setLanguage('en')
    expect(describeAuthFailure(i18n.t, lockedOut)?.message).toBe(
      'Too many attempts. Try again in 15 minutes.',
    )
    expect(describeAuthFailure(i18n.t, { ...lockedOut, data: { retryAfterSeconds: 40 } })?.message).toBe(
      'Too many attempts. Try again in 1 minute.',
    )
    await setLanguage('zh-CN')
    expect(describeAuthFailure(i18n.t, lockedOut)?.message).toBe('尝试次数过多，请在 15 分钟后重试。')
    await setLanguage('en')
  })
})
