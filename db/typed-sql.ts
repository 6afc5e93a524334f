// Raw statements with the row type they answer, for the few hot paths that send SQL text (the chat
// store's pipelined transaction). The row type is built from db/types.ts and the column lists are
// checked against it, so renaming or dropping a column there fails typecheck where a statement reads it.
import type { Selectable } from 'kysely'
import type { DB } from './types'

/** A statement's text and, as a type only, the row it answers. */
export interface Statement<R> {
  readonly text: string
  /** Never set: carries the row type. */
  readonly row?: R
}

/** A table's row as a select answers it. */
export type Row<T extends keyof DB> = Selectable<DB[T]>

/** A statement answering rows of type R. */
export const statement = <R>(text: string): Statement<R> => ({ text })

/** `alias.a, alias.b, …`: the columns of a table a statement selects, each checked against db/types.ts. */
export const columns = <T extends keyof DB>(_table: T, alias: string, names: readonly (keyof DB[T] & string)[]) =>
  names.map((n) => `${alias}.${n}`).join(', ')
