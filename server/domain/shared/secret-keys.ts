// Keys for secrets kept encrypted at rest (merchants' keys, e-mail profiles' SMTP URLs): SHA-256 of the
// configured secret, else 32 random bytes made once and kept in DATA_DIR under the given name (back it up
// with the database: without it the stored secrets cannot be read).
import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

const keys = new Map<string, Buffer>()

export function secretKey(secret: string | undefined, dataDir: string, fileName: string): Buffer {
  if (secret) return createHash('sha256').update(secret, 'utf8').digest()
  const file = join(resolve(dataDir), fileName)
  const cached = keys.get(file)
  if (cached) return cached
  let hex: string
  if (existsSync(file)) hex = readFileSync(file, 'utf8').trim()
  else {
    mkdirSync(resolve(dataDir), { recursive: true })
    hex = randomBytes(32).toString('hex')
    writeFileSync(file, hex, { mode: 0o600 })
  }
  const key = Buffer.from(hex, 'hex')
  keys.set(file, key)
  return key
}
