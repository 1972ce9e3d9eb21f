import type { Limit } from '../../config'
import type { UserRow } from '../../db/schema'
import { invalidInput } from '../../errors'
import type { RateLimiter } from '../../services/rate-limit'
import type { Passwords } from './passwords'

/** Tries of the current password per account (changing the password or email, deleting the account). */
export const PASSWORD_CHECK_LIMIT: Limit = { limit: 10, windowSeconds: 15 * 60 }

/**
 * The signed-in user's current password, asked before a change that a stolen session alone must not make.
 * Tries are counted per account before the check, so a session cannot be used to guess the password.
 */
export class PasswordCheck {
  constructor(private readonly d: { passwords: Passwords; limiter: RateLimiter }) {}

  async verify(row: Pick<UserRow, 'id' | 'password_hash'>, password: string, field: string[]): Promise<void> {
    await this.d.limiter.consume(`password-check:${row.id}`, PASSWORD_CHECK_LIMIT)
    if (!(await this.d.passwords.verify(row.password_hash, password)))
      throw invalidInput(field, 'This password is not right', { params: { rule: 'wrong_password' } })
  }
}
