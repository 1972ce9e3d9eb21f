import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { contactMessageBody, creationListQuery, registerBody } from './contract'
import {
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_MESSAGE_MIN_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  DISPLAY_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  PAGE_SIZE_MAX,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SEARCH_TEXT_MAX_LENGTH,
} from './limits'

const ok = (result: { success: boolean }) => result.success

describe('@templet/api/limits', () => {
  it('imports nothing, so a browser chunk that uses it loads no zod', () => {
    const source = readFileSync(new URL('./limits.ts', import.meta.url), 'utf8')
    expect(source).not.toMatch(/^\s*import\b|\bfrom\s+['"]|\brequire\(/m)
  })

  it('are the limits the schemas enforce', () => {
    const register = (over: Record<string, string>) =>
      registerBody.safeParse({ email: 'ann@example.com', password: 'a'.repeat(PASSWORD_MIN_LENGTH), ...over })
    expect(ok(register({}))).toBe(true)
    expect(ok(register({ password: 'a'.repeat(PASSWORD_MIN_LENGTH - 1) }))).toBe(false)
    expect(ok(register({ password: 'a'.repeat(PASSWORD_MAX_LENGTH + 1) }))).toBe(false)
    expect(ok(register({ name: 'n'.repeat(DISPLAY_NAME_MAX_LENGTH) }))).toBe(true)
    expect(ok(register({ name: 'n'.repeat(DISPLAY_NAME_MAX_LENGTH + 1) }))).toBe(false)
    const longEmail = `${'a'.repeat(EMAIL_MAX_LENGTH - '@example.com'.length + 1)}@example.com`
    expect(ok(register({ email: longEmail }))).toBe(false)

    const contact = (over: Record<string, string>) =>
      contactMessageBody.safeParse({
        name: 'Ann',
        email: 'ann@example.com',
        message: 'm'.repeat(CONTACT_MESSAGE_MIN_LENGTH),
        ...over,
      })
    expect(ok(contact({}))).toBe(true)
    expect(ok(contact({ message: 'm'.repeat(CONTACT_MESSAGE_MIN_LENGTH - 1) }))).toBe(false)
    expect(ok(contact({ message: 'm'.repeat(CONTACT_MESSAGE_MAX_LENGTH) }))).toBe(true)
    expect(ok(contact({ message: 'm'.repeat(CONTACT_MESSAGE_MAX_LENGTH + 1) }))).toBe(false)
    expect(ok(contact({ name: 'n'.repeat(CONTACT_NAME_MAX_LENGTH + 1) }))).toBe(false)

    expect(ok(creationListQuery.safeParse({ pageSize: PAGE_SIZE_MAX }))).toBe(true)
    expect(ok(creationListQuery.safeParse({ pageSize: PAGE_SIZE_MAX + 1 }))).toBe(false)
    expect(ok(creationListQuery.safeParse({ q: 'q'.repeat(SEARCH_TEXT_MAX_LENGTH + 1) }))).toBe(false)
  })
})
