// The one service shape: `service(scope, input)`. The scope says who acts, where and
// when; the input is the procedure's parsed zod value (or a plain object built from it). A domain
// function takes at most three positional parameters: the scope, the input, and rarely an option.
import type { Db } from '../../../db/client'
import type { Edition, Locale } from '../../../common/editions'
import type { Actor } from './audit'
import { SYSTEM } from './audit'

export interface Scope {
  db: Db
  edition: Edition
  /** The language of texts in the answer (the request's `lang`). */
  locale: Locale
  /** Who acts: written to the audit log; the role record's id for client/tutor/staff. */
  actor: Actor
  /** The time of the request; tests pass a fixed clock instead of sleeping. */
  now: () => Date
}

/** A scope for scripts, sweeps and tests: the system acting now, in the edition's first language. */
export function systemScope(db: Db, edition: Edition, over: Partial<Omit<Scope, 'db' | 'edition'>> = {}): Scope {
  return {
    db,
    edition,
    locale: over.locale ?? edition.defaultLocale,
    actor: over.actor ?? SYSTEM,
    now: over.now ?? (() => new Date()),
  }
}
