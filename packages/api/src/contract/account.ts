import { z } from 'zod'
import { PASSWORD_MAX_LENGTH } from '../limits'
import { resetTokenField } from './envelope'
import { accountLocale, authData, displayName, email, password } from './user'

/** The password the caller types to prove it is them; not re-checked against today's rules. */
const currentPassword = (message: string) =>
  z.string({ error: message }).min(1, { error: message }).max(PASSWORD_MAX_LENGTH)

/** A token from a mailed link: 32 random bytes, base64url. */
const mailedToken = z
  .string({ error: 'This link is incomplete; open it from the mail again' })
  .regex(/^[\w-]{43}$/, { error: 'This link is incomplete; open it from the mail again' })

export const forgotPasswordBody = z.strictObject({ email })
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>
export const resetPasswordBody = z.strictObject({ token: mailedToken, password })
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>
export const changePasswordBody = z.strictObject({
  currentPassword: currentPassword('Enter your current password'),
  password,
})
export type ChangePasswordBody = z.infer<typeof changePasswordBody>
export const changePasswordData = z.object({ token: z.string(), ...resetTokenField })
export const updateUserBody = z
  .strictObject({ name: displayName.optional(), locale: accountLocale.optional() })
  .refine((b) => b.name !== undefined || b.locale !== undefined, { error: 'Send a name or a language' })
export type UpdateUserBody = z.infer<typeof updateUserBody>
export const changeEmailBody = z.strictObject({
  email,
  password: currentPassword('Enter your password'),
})
export type ChangeEmailBody = z.infer<typeof changeEmailBody>
export const confirmEmailBody = z.strictObject({ token: mailedToken })
export const confirmEmailData = z.object({ email: z.string() })

/** One signed-in device. */
export const accountSession = z.object({
  id: z.number().int().positive(),
  /** "Chrome on Windows", from the browser's User-Agent; null when it sent none. */
  device: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  /** The session this request was sent with. */
  current: z.boolean(),
})
export type AccountSession = z.infer<typeof accountSession>
export const sessionListData = z.array(accountSession)
export const sessionRevokeBody = z.strictObject({
  id: z.number({ error: 'id: Choose a session' }).int().positive(),
})

export const exportData = z.object({
  /** A signed link to the ZIP, built while it downloads; it works without the token until `expiresAt`. */
  url: z.string(),
  expiresAt: z.iso.datetime(),
  ...resetTokenField,
})

export const deleteAccountBody = z.strictObject({ password: currentPassword('Enter your password') })
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>
export const deleteAccountData = z.object({ deleteAfter: z.iso.datetime() })
/** Signing in to an account whose deletion is pending keeps it: the same pair as a sign-in. */
export const cancelDeletionBody = z.strictObject({
  email,
  password: currentPassword('Enter your password'),
})
export type CancelDeletionBody = z.infer<typeof cancelDeletionBody>
export const cancelDeletionData = authData

/**
 * `data` of the 403 a sign-in gets while the account's deletion is pending: when it will be deleted (the app
 * offers to keep it, with {@link cancelDeletionBody}).
 */
export const deletionPendingData = z.object({ deleteAfter: z.iso.datetime() })
