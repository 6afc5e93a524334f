// The fee table staff edit (docs/domain.md#who-pays-whom): per edition and price band; the
// row without a band is the edition's default. Appointment copies the fee onto the order, so an edit
// here never moves an existing debt.
import { sql } from 'kysely'
import type { Scope } from '../shared/scope'
import { msg } from '../../../i18n/format'
import { audit } from '../shared/audit'
import { FieldErrors } from '../../../common/errors'

export async function listOrderFees({ db, edition: ed }: Scope) {
  const [rates, fees] = await Promise.all([
    db
      .selectFrom('rates')
      .select(['id', 'names', 'min_price', 'max_price'])
      .where('edition', '=', ed.code)
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('order_fees')
      .select(['rate_id', 'fee_minor', 'currency', 'updated_at'])
      .where('edition', '=', ed.code)
      .execute(),
  ])
  const byRate = new Map(fees.map((f) => [f.rate_id ?? 0, f]))
  const row = (rateId: number | null) => {
    const f = byRate.get(rateId ?? 0)
    return { rate_id: rateId, fee_minor: f?.fee_minor ?? null, currency: f?.currency ?? ed.currency }
  }
  return {
    default: row(null),
    rates: rates.map((r) => ({ ...row(r.id), names: r.names, min_price: r.min_price, max_price: r.max_price })),
  }
}

/** Sets the fee of a band (rate_id null: the default); audited with the old value. */
export async function saveOrderFee(
  { db, edition: ed, actor }: Scope,
  { rate_id: rateId, fee: feeMinor }: { rate_id: number | null; fee: number },
) {
  return db.transaction().execute(async (trx) => {
    if (rateId !== null) {
      const rate = await trx
        .selectFrom('rates')
        .select('id')
        .where('id', '=', rateId)
        .where('edition', '=', ed.code)
        .executeTakeFirst()
      if (!rate) throw new FieldErrors({ rate_id: [msg('validation.invalid')] })
    }
    const old = await trx
      .selectFrom('order_fees')
      .select(['id', 'fee_minor'])
      .where('edition', '=', ed.code)
      .where((eb) => (rateId === null ? eb('rate_id', 'is', null) : eb('rate_id', '=', rateId)))
      .forUpdate()
      .executeTakeFirst()
    if (old)
      await trx
        .updateTable('order_fees')
        .set({ fee_minor: feeMinor, currency: ed.currency, updated_at: sql`now()` })
        .where('id', '=', old.id)
        .execute()
    else
      await trx
        .insertInto('order_fees')
        .values({ edition: ed.code, rate_id: rateId, fee_minor: feeMinor, currency: ed.currency })
        .execute()
    await audit(trx, actor, {
      action: 'order_fee.save',
      entity: 'order_fee',
      id: rateId,
      data: { fee_minor: feeMinor, old_fee_minor: old?.fee_minor ?? null },
    })
    return { rate_id: rateId, fee_minor: feeMinor, currency: ed.currency }
  })
}
