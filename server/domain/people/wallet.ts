// The tutor's wallet: a ledger of entries in integer minor units (docs/domain.md). The balance is the sum of
// the entries and never goes below zero: every entry is written in a transaction that first locks the
// tutor row (`for update`), so two concurrent debits are serialised and the second sees the first.
//
// Staff `add_money {tutor_id, sum}`: `sum` is in whole currency units as staff type it ("150" or
// "150.50", at most two decimals; every edition's currency has 100 minor units). A negative sum is a
// correction; one that would take the balance below zero is refused with 409 wrong_status.
import { sql } from 'kysely'
import type { Db } from '../../../db/client'
import type { Scope } from '../shared/scope'
import { type Actor, type Executor, audit } from '../shared/audit'
import { DomainError, notFound, wrongStatus } from '../../../common/errors'
import { minorToUnits } from '../../../common/money'

export type WalletKind =
  | 'staff_add'
  | 'staff_correction'
  | 'top_up'
  | 'order_fee'
  | 'top_placement'
  | 'refund'
  | 'charge_reversal'
  | 'donation'

export async function walletBalance(db: Executor, tutorId: number, currency: string): Promise<number> {
  const row = await db
    .selectFrom('wallet_entries')
    .select(sql<number>`coalesce(sum(amount_minor), 0)::bigint`.as('balance'))
    .where('tutor_id', '=', tutorId)
    .where('currency', '=', currency)
    .executeTakeFirstOrThrow()
  return Number(row.balance)
}

export function walletView(balanceMinor: number, currency: string) {
  return { balance_minor: balanceMinor, balance: minorToUnits(balanceMinor), currency }
}

export interface NewEntry {
  tutorId: number
  amountMinor: number
  currency: string
  kind: WalletKind
  reference?: string | null
  actor: Actor
}

/**
 * Appends an entry inside the caller's transaction. The caller must hold the tutor row lock
 * (lockTutorForWallet); a debit below zero is refused.
 */
export async function appendEntry(trx: Executor, e: NewEntry) {
  if (!Number.isSafeInteger(e.amountMinor) || e.amountMinor === 0) throw new DomainError('bad_request')
  const before = await walletBalance(trx, e.tutorId, e.currency)
  const after = before + e.amountMinor
  if (after < 0) throw wrongStatus()
  const row = await trx
    .insertInto('wallet_entries')
    .values({
      tutor_id: e.tutorId,
      amount_minor: e.amountMinor,
      currency: e.currency,
      kind: e.kind,
      reference: e.reference ?? null,
      actor_kind: e.actor.kind,
      actor_id: e.actor.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { entryId: Number(row.id), before, after }
}

export async function lockTutorForWallet(trx: Executor, tutorId: number) {
  const row = await trx
    .selectFrom('tutors')
    .select(['id', 'deleted_at'])
    .where('id', '=', tutorId)
    .forUpdate()
    .executeTakeFirst()
  if (!row) throw notFound()
  return row
}

/** Staff add_money: a top-up (positive) or a correction (negative), recorded in the ledger and the activity log. */
export async function staffAddMoney(
  scope: Pick<Scope, 'db' | 'actor' | 'edition'>,
  input: { tutor_id: number; sum_minor: number; comment?: string },
) {
  const { db } = scope
  const a = {
    actor: scope.actor,
    edition: scope.edition,
    tutorId: input.tutor_id,
    sumMinor: input.sum_minor,
    comment: input.comment,
  }
  return db.transaction().execute(async (trx) => {
    const tutor = await lockTutorForWallet(trx, a.tutorId)
    if (tutor.deleted_at) throw wrongStatus()
    const kind: WalletKind = a.sumMinor > 0 ? 'staff_add' : 'staff_correction'
    const { entryId, before, after } = await appendEntry(trx, {
      tutorId: a.tutorId,
      amountMinor: a.sumMinor,
      currency: a.edition.currency,
      kind,
      reference: a.comment ? a.comment : null,
      actor: a.actor,
    })
    await audit(trx, a.actor, {
      action: 'tutor.wallet_add_money',
      entity: 'tutor',
      id: a.tutorId,
      data: {
        entry_id: entryId,
        amount_minor: a.sumMinor,
        currency: a.edition.currency,
        balance_before_minor: before,
        balance_after_minor: after,
      },
    })
    return { entry_id: entryId, amount_minor: a.sumMinor, ...walletView(after, a.edition.currency) }
  })
}

export async function walletEntries(
  db: Db,
  { tutorId, currency, limit = 50 }: { tutorId: number; currency: string; limit?: number },
) {
  const rows = await db
    .selectFrom('wallet_entries')
    .select(['id', 'amount_minor', 'currency', 'kind', 'reference', 'actor_kind', 'actor_id', 'created_at'])
    .where('tutor_id', '=', tutorId)
    .where('currency', '=', currency)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    amount_minor: Number(r.amount_minor),
    created_at: r.created_at.toISOString(),
  }))
}
