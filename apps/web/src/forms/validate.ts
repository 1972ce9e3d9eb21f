import type { z } from 'zod'
import type { Language } from '../i18n'

/**
 * The contract's messages (packages/api/src/contract) in Simplified Chinese. The schemas word them in
 * English; the form shows them in the current language. An unknown message is shown as the contract words it.
 */
const zhCNMessages: Record<string, string> = {
  'Enter your email address': '请输入邮箱地址',
  'Email must be at most 254 characters': '邮箱最多 254 个字符',
  'Enter a valid email address': '请输入有效的邮箱地址',
  'Enter a password': '请输入密码',
  'Password must be at least 8 characters': '密码至少 8 个字符',
  'Password must be at most 128 characters': '密码最多 128 个字符',
  'Name must not be empty': '名字不能为空',
  'Name must be at most 50 characters': '名字最多 50 个字符',
  'Enter your password': '请输入密码',
  'Enter your name': '请输入你的名字',
  'Name must be at most 100 characters': '名字最多 100 个字符',
  'Enter a message': '请输入留言',
  'Message must be at least 10 characters': '留言至少 10 个字符',
  'Message must be at most 5000 characters': '留言最多 5000 个字符',
}

/** A contract (or server) message in `language`. */
export function translateMessage(message: string, language: Language): string {
  return language === 'zh-CN' ? (zhCNMessages[message] ?? message) : message
}

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>

export type Validation<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors }

/** Parses `values` with a contract schema; on failure, the first message of each field. */
export function validate<S extends z.ZodType>(schema: S, values: unknown): Validation<z.output<S>> {
  const result = schema.safeParse(values)
  if (result.success) return { ok: true, data: result.data }
  const errors: FieldErrors = {}
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '')
    errors[field] ??= issue.message
  }
  return { ok: false, errors }
}

/** Which field a server `msg` for code 400 is about ("email: …", "Enter a valid email address"), if any. */
export function fieldOfMessage<K extends string>(msg: string, fields: readonly K[]): K | undefined {
  const lower = msg.toLowerCase()
  return fields.find((field) => lower.includes(field.toLowerCase()))
}
