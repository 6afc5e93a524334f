// The terms a person accepts on registering: the edition's offer for their role and its privacy policy.
// A page's version is the time of its last edit, so a later edit of the text is a new version and the
// acceptance row says which text was agreed to. A page the edition does not have is recorded with version
// null (the built-in footer text is what was shown).
import { jsonb } from '../../../db/jsonb'
import type { Executor } from '../shared/audit'

export type TermsRole = 'tutor' | 'client'

/** The static pages a role accepts (aliases served at /p/{alias}). */
export const TERMS_PAGES: Record<TermsRole, readonly string[]> = {
  tutor: ['oferta', 'pp'],
  client: ['ofertaclient', 'pp'],
}

export async function recordTermsAcceptance(
  trx: Executor,
  a: { personId: number; role: TermsRole; edition: string; ip: string | null },
) {
  const aliases = TERMS_PAGES[a.role]
  const pages = await trx
    .selectFrom('static_pages')
    .select(['alias', 'updated_at'])
    .where('edition', '=', a.edition)
    .where('alias', 'in', aliases)
    .execute()
  const documents = aliases.map((alias) => {
    const page = pages.find((p) => p.alias === alias)
    return { alias, version: page ? new Date(page.updated_at).toISOString() : null }
  })
  await trx
    .insertInto('terms_acceptances')
    .values({
      person_id: a.personId,
      role: a.role,
      edition: a.edition,
      documents: jsonb(documents),
      ip: a.ip,
    })
    .execute()
  return documents
}
