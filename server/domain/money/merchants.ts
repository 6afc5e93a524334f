// LiqPay merchants (docs/api.md#admin-merchants): staff keep several LiqPay accounts; the
// active one of the edition (at most one: a partial unique index) is used instead of PAY_LIQPAY_* to
// start LiqPay payments and to check their notifications. The private key is stored encrypted with
// AES-256-GCM (random 96-bit IV, 128-bit tag) under a key derived from MERCHANT_KEYS_SECRET, or a
// random key kept in DATA_DIR (like PAY_LOCAL_SECRET's). It is never sent back: answers carry
// `private_key_set` only. Every change is audited (without the keys).
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { notFound } from '../../../common/errors'
import type { Merchant } from '../../../common/schemas/admin/merchants.schema'
import type { EditionCode } from '../../../common/editions'
import type { Env } from '../../env'
import { LiqpayProvider } from '../../integrations/payments/liqpay'
import type { LiqpayConfig } from '../../integrations/payments/provider'
import { type Executor, audit } from '../shared/audit'
import type { Scope } from '../shared/scope'
import { secretKey } from '../shared/secret-keys'
import type { PayDeps } from './payments'

// ——— encryption at rest ———

/** The 32-byte key: SHA-256 of MERCHANT_KEYS_SECRET, else random bytes kept in DATA_DIR/merchant-keys-secret. */
export function merchantCipherKey(env: Pick<Env, 'DATA_DIR' | 'MERCHANT_KEYS_SECRET'>): Buffer {
  return secretKey(env.MERCHANT_KEYS_SECRET, env.DATA_DIR, 'merchant-keys-secret')
}

/** base64url(iv | tag | ciphertext) */
export function encryptSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')
}

/** The plain text, or null when the value was not made with this key (tampered, or the key changed). */
export function decryptSecret(key: Buffer, sealed: string): string | null {
  try {
    const raw = Buffer.from(sealed, 'base64url')
    if (raw.length < 29) return null
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12))
    decipher.setAuthTag(raw.subarray(12, 28))
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}

// ——— staff calls ———

const COLUMNS = [
  'id',
  'name',
  'public_key',
  'edition',
  'active',
  'private_key_enc',
  'created_at',
  'updated_at',
] as const
type Row = {
  id: number
  name: string
  public_key: string
  edition: string
  active: boolean
  private_key_enc: string
  created_at: Date
  updated_at: Date
}

const answer = (r: Row): Merchant => ({
  merchant_id: r.id,
  name: r.name,
  public_key: r.public_key,
  edition: r.edition as EditionCode,
  active: r.active,
  private_key_set: r.private_key_enc !== '',
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
})

const PAGE = 20

/** POST /admin/liqpay_merchants/get {page, filters: {edition?, active?, text_search?}} */
export async function listMerchants(
  scope: Scope,
  input: { page: number; filters: { edition?: EditionCode; active?: boolean; text_search?: string } },
) {
  let q = scope.db.selectFrom('liqpay_merchants')
  const f = input.filters
  if (f.edition) q = q.where('edition', '=', f.edition)
  if (f.active !== undefined) q = q.where('active', '=', f.active)
  if (f.text_search) {
    const like = `%${f.text_search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    q = q.where((eb) => eb.or([eb('name', 'ilike', like), eb('public_key', 'ilike', like)]))
  }
  const [rows, total] = await Promise.all([
    q
      .select(COLUMNS)
      .orderBy('id', 'desc')
      .limit(PAGE)
      .offset((input.page - 1) * PAGE)
      .execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ])
  return { items: rows.map(answer), total: total.n, page: input.page }
}

async function readRow(db: Executor, id: number): Promise<Row> {
  const row = await db.selectFrom('liqpay_merchants').select(COLUMNS).where('id', '=', id).executeTakeFirst()
  if (!row) throw notFound()
  return row
}

/** GET /admin/liqpay_merchant/get?merchant_id */
export async function getMerchant(scope: Scope, input: { merchant_id: number }): Promise<Merchant> {
  return answer(await readRow(scope.db, input.merchant_id))
}

interface MerchantFields {
  name: string
  public_key: string
  edition: EditionCode
  active: boolean
  private_key?: string
}

/** Making one active switches the edition's other active merchant off, in the same transaction. */
async function deactivateOthers(trx: Executor, edition: string, except: number | null) {
  let q = trx
    .updateTable('liqpay_merchants')
    .set({ active: false, updated_at: sql<Date>`now()` })
    .where('edition', '=', edition)
    .where('active', '=', true)
  if (except !== null) q = q.where('id', '<>', except)
  await q.execute()
}

/** POST /admin/liqpay_merchant/create {merchant} */
export async function createMerchant(
  scope: Scope,
  input: { merchant: MerchantFields & { private_key: string } },
  key: Buffer,
): Promise<Merchant> {
  const m = input.merchant
  return scope.db.transaction().execute(async (trx) => {
    if (m.active) await deactivateOthers(trx, m.edition, null)
    const row = await trx
      .insertInto('liqpay_merchants')
      .values({
        name: m.name,
        public_key: m.public_key,
        edition: m.edition,
        active: m.active,
        private_key_enc: encryptSecret(key, m.private_key),
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow()
    await audit(trx, scope.actor, {
      action: 'merchant.create',
      entity: 'liqpay_merchant',
      id: row.id,
      data: { name: m.name, public_key: m.public_key, edition: m.edition, active: m.active },
    })
    return answer(row)
  })
}

/** POST /admin/liqpay_merchant/save {merchant_id, merchant}: an empty private key keeps the stored one. */
export async function saveMerchant(
  scope: Scope,
  input: { merchant_id: number; merchant: MerchantFields },
  key: Buffer,
): Promise<Merchant> {
  const m = input.merchant
  return scope.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('liqpay_merchants')
      .select(COLUMNS)
      .where('id', '=', input.merchant_id)
      .forUpdate()
      .executeTakeFirst()
    if (!before) throw notFound()
    if (m.active) await deactivateOthers(trx, m.edition, input.merchant_id)
    const row = await trx
      .updateTable('liqpay_merchants')
      .set({
        name: m.name,
        public_key: m.public_key,
        edition: m.edition,
        active: m.active,
        updated_at: sql<Date>`now()`,
        ...(m.private_key ? { private_key_enc: encryptSecret(key, m.private_key) } : {}),
      })
      .where('id', '=', input.merchant_id)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow()
    await audit(trx, scope.actor, {
      action: 'merchant.save',
      entity: 'liqpay_merchant',
      id: row.id,
      data: {
        name: m.name,
        public_key: m.public_key,
        edition: m.edition,
        active: m.active,
        private_key_changed: !!m.private_key,
        was_active: before.active,
      },
    })
    return answer(row)
  })
}

/** POST /admin/liqpay_merchant/delete {merchant_id} */
export async function deleteMerchant(scope: Scope, input: { merchant_id: number }) {
  return scope.db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('liqpay_merchants')
      .where('id', '=', input.merchant_id)
      .returning(['id', 'name', 'edition', 'active'])
      .executeTakeFirst()
    if (!row) throw notFound()
    await audit(trx, scope.actor, {
      action: 'merchant.delete',
      entity: 'liqpay_merchant',
      id: row.id,
      data: { name: row.name, edition: row.edition, was_active: row.active },
    })
    return { deleted: true as const }
  })
}

// ——— the payments' LiqPay configuration ———

/**
 * The deps with the edition's active merchant as the LiqPay account, when there is one (its keys win
 * over PAY_LIQPAY_*; the API URL, sandbox and signature scheme stay the environment's). Unchanged
 * without an active merchant (or without `merchantKey`); without LiqPay when the active merchant's
 * private key cannot be opened.
 */
export async function withActiveMerchant(scope: Pick<Scope, 'db' | 'edition'>, deps: PayDeps): Promise<PayDeps> {
  if (!deps.merchantKey) return deps
  const m = await scope.db
    .selectFrom('liqpay_merchants')
    .select(['public_key', 'private_key_enc'])
    .where('edition', '=', scope.edition.code)
    .where('active', '=', true)
    .executeTakeFirst()
  if (!m) return deps
  const privateKey = m.private_key_enc ? decryptSecret(deps.merchantKey(), m.private_key_enc) : null
  if (!privateKey) {
    // An active merchant whose key cannot be opened (the key file or MERCHANT_KEYS_SECRET changed):
    // LiqPay is not offered rather than silently taking payments on the environment's account.
    const { liqpay: _c, ...config } = deps.config
    const { liqpay: _p, ...providers } = deps.providers
    return { ...deps, config, providers }
  }
  const base = deps.config.liqpay
  const liqpay: LiqpayConfig = {
    publicKey: m.public_key,
    privateKey,
    apiUrl: base?.apiUrl ?? 'https://www.liqpay.ua',
    sandbox: base?.sandbox ?? false,
    signature: base?.signature ?? 'sha1',
  }
  return {
    ...deps,
    config: { ...deps.config, liqpay },
    providers: { ...deps.providers, liqpay: new LiqpayProvider(liqpay) },
  }
}
