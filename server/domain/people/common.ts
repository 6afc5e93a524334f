// Small pieces the staff tools for tutors and clients share: sessions of a person, passwords set by
// staff, text search, dates at the edge.
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely'
import type { Edition } from '../../../common/editions'
import { phoneDigits } from '../../../common/validators'
import type { Executor } from '../shared/audit'

export const PER_PAGE = 20

/** Timestamps leave the server as ISO strings (tRPC without a transformer and REST alike). */
export function iso(d: Date | string | null | undefined): string | null {
  if (d === null || d === undefined) return null
  return (d instanceof Date ? d : new Date(d)).toISOString()
}

/** `%text%` for ILIKE with the user's % and _ taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** Ends every live session of a person (sign-ins as tutor or client, and staff acting as them). */
export async function revokePersonSessions(db: Executor, personId: number): Promise<number> {
  const rows = await db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('person_id', '=', personId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute()
  return rows.length
}

/** The person's other live role besides `role`, if any. */
export async function otherRoles(db: Executor, personId: number) {
  const [tutor, client] = await Promise.all([
    db
      .selectFrom('tutors')
      .select('id')
      .where('person_id', '=', personId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst(),
    db
      .selectFrom('clients')
      .select('id')
      .where('person_id', '=', personId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst(),
  ])
  return { tutorId: tutor?.id ?? null, clientId: client?.id ?? null }
}

/** 0/1 for flags the panel shows as numbers. */
export const bit = (v: boolean) => (v ? 1 : 0)

/**
 * Staff search over a role table (alias `role`) joined to `people as p`: name, e-mail, a phone as
 * typed (any punctuation, with or without the prefix, matches the stored national digits), or the id.
 */
export function personSearch(text: string, edition: Edition, role: 't' | 'c') {
  const like = likePattern(text)
  const digits = /^[+\d\s()\-.]+$/.test(text) ? phoneDigits(text, edition) : ''
  // biome-ignore lint: the builder is generic over the caller's tables
  return (eb: ExpressionBuilder<any, any>): Expression<SqlBool> =>
    eb.or([
      eb(sql.ref(`${role}.name`), 'ilike', like),
      eb(sql.ref('p.name'), 'ilike', like),
      eb(sql.ref('p.email'), 'ilike', like),
      ...(digits.length >= 3 ? [eb(sql.ref('p.phone'), 'like', likePattern(digits))] : []),
      ...(/^\d{1,9}$/.test(text) ? [eb(sql.ref(`${role}.id`), '=', Number(text))] : []),
    ])
}
