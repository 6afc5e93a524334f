// argon2id through Bun.password. Production parameters meet OWASP ASVS (m = 64 MiB, t = 3 here; the
// floor is m ≥ 19 MiB, t ≥ 2). Tests may opt into a lighter cost explicitly; env.ts refuses that in production.
export type HashCost = 'production' | 'test'

let cost: HashCost = 'production'
export function setPasswordHashCost(next: HashCost) {
  cost = next
}

export function hashPassword(password: string): Promise<string> {
  return cost === 'production'
    ? Bun.password.hash(password, { algorithm: 'argon2id', memoryCost: 65536, timeCost: 3 })
    : Bun.password.hash(password, { algorithm: 'argon2id', memoryCost: 1024, timeCost: 1 })
}

// A real hash to compare against when the account does not exist, so timing does not reveal it.
let dummyHash: Promise<string> | null = null

export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword('not-a-real-password')
    await Bun.password.verify(password, await dummyHash).catch(() => false)
    return false
  }
  return Bun.password.verify(password, hash).catch(() => false)
}
