import { z } from 'zod'
import {
  DISPLAY_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../limits'
import { offerTier } from './billing'
import { resetTokenField } from './envelope'

/** Trimmed and lower-cased before the format check, so `" Ann@Example.com "` signs in as `ann@example.com`. */
export const email = z
  .string({ error: 'Enter your email address' })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, { error: `Email must be at most ${EMAIL_MAX_LENGTH} characters` })
  .pipe(z.email({ error: 'Enter a valid email address' }))
export const password = z
  .string({ error: 'Enter a password' })
  .min(PASSWORD_MIN_LENGTH, { error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` })
/** C0 and C1 controls, DEL, line and paragraph separators, and bidi embeddings, overrides and isolates. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's job
export const HIDDEN_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/
/** Characters that draw nothing: zero-width spaces and joiners, word joiner, byte-order mark, soft hyphen. */
export const DRAWS_NOTHING = /^[\s\u00ad\u200b-\u200f\u2060\ufeff]+$/

/**
 * A name shown to others (in menus, receipts, notifications): no control or direction-override characters
 * that could reorder or hide the text around it, and at least one visible character.
 */
export const personName = (max: number, emptyMessage: string) =>
  z
    .string({ error: emptyMessage })
    .trim()
    .min(1, { error: emptyMessage })
    .max(max, { error: `Name must be at most ${max} characters` })
    .refine((v) => !HIDDEN_CONTROL.test(v), {
      error: 'Name must not contain control or text-direction characters',
      params: { rule: 'no_control_characters' },
    })
    .refine((v) => !DRAWS_NOTHING.test(v), {
      error: 'Name must contain visible characters',
      params: { rule: 'visible_characters' },
    })

/** The languages of the app and of the account's mail. */
export const accountLocale = z.enum(['en', 'zh-CN'], { error: 'Choose English or 简体中文' })
export type AccountLocale = z.infer<typeof accountLocale>

export const displayName = personName(DISPLAY_NAME_MAX_LENGTH, 'Name must not be empty')

/** The language of the account's mail, from the app's language at sign-up (English when absent). */
export const registerBody = z.strictObject({
  email,
  password,
  name: displayName.optional(),
  locale: accountLocale.optional(),
})
export type RegisterBody = z.infer<typeof registerBody>

/** Login does not re-check the password rules: an old account may predate them. */
export const loginBody = z.strictObject({
  email,
  password: z
    .string({ error: 'Enter your password' })
    .min(1, { error: 'Enter your password' })
    .max(PASSWORD_MAX_LENGTH),
})
export type LoginBody = z.infer<typeof loginBody>

export const subscriptionSummary = z.object({
  tier: offerTier,
  status: z.enum(['active', 'canceling', 'past_due']),
  currentPeriodEnd: z.iso.datetime(),
  /** The offer of the current period (`main/subscription-49-9`). */
  offerId: z.string().optional(),
})

export const user = z.object({
  id: z.number().int().positive(),
  email: z.string(),
  name: z.string(),
  /** The language of the account's mail. */
  locale: accountLocale,
  /** The address answered a confirmation mail. */
  emailVerified: z.boolean(),
  /** A new address waiting for its confirmation mail to be opened, or null. */
  pendingEmail: z.string().nullable(),
  credits: z.number().int().nonnegative(),
  subscription: subscriptionSummary.nullable(),
  createdAt: z.iso.datetime(),
})
export type User = z.infer<typeof user>

export const authData = z.object({ token: z.string(), user })
export type AuthData = z.infer<typeof authData>

export const myInfoData = user.extend(resetTokenField)
export type MyInfoData = z.infer<typeof myInfoData>

export const emptyData = z.object({ ...resetTokenField })
