import { hash, verify } from '@node-rs/argon2'

export interface PasswordParams {
  /** KiB of memory per hash (argon2id; the library's default algorithm). */
  memoryCost: number
  timeCost: number
}

export interface Passwords {
  hash(password: string): Promise<string>
  /**
   * Checks a password against a stored hash. Without a hash (unknown email) it verifies against a dummy one,
   * so both cases cost the same time and answer false.
   */
  verify(storedHash: string | undefined, password: string): Promise<boolean>
}

export function createPasswords(params: PasswordParams): Passwords {
  const options = { memoryCost: params.memoryCost, timeCost: params.timeCost, parallelism: 1 }
  // Made up front, so the first unknown-email sign-in is not slower (and thus telling) either.
  const dummy = hash('not-a-real-password', options)
  return {
    hash: (password) => hash(password, options),
    async verify(storedHash, password) {
      if (storedHash === undefined) {
        await verify(await dummy, password)
        return false
      }
      return verify(storedHash, password)
    },
  }
}
