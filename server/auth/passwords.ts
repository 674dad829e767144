import { hash, verify } from '@node-rs/argon2'

// argon2id with the library's defaults (m=19 MiB, t=2, p=1), OWASP's recommended minimum.
export async function hashPassword(password: string): Promise<string> {
  return hash(password)
}

// Verifying against a real hash when no account matches keeps "no such user" as slow as "wrong password".
let dummyHash: Promise<string> | undefined

export async function verifyPassword(
  passwordHash: string | null,
  password: string,
): Promise<boolean> {
  dummyHash ??= hash('not-a-real-password')
  try {
    const matches = await verify(passwordHash ?? (await dummyHash), password)
    return matches && passwordHash !== null
  } catch {
    return false
  }
}
