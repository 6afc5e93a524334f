// zod only: the pieces answers are built of, for the procedures' `.output()` schemas. Answer objects
// are strict (z.strictObject): a field the schema does not declare fails the call (a 500 in the
// tests) instead of being dropped silently, so the schema and the answer cannot drift apart.
import { z } from 'zod'

/** A moment as the answers write it: ISO text (null when unset). */
export const zIso = z.string().nullable()
/** A flag as the spec writes it: 0 or 1. */
export const zBit01 = z.number().int().min(0).max(1)
export const zIntOrNull = z.number().nullable()
export const zTextOrNull = z.string().nullable()
/** A stored JSON value passed through as it is (payment data, event data). */
export const zJsonValue = z.unknown()
/** A raw answer (a file): the procedure builds the HTTP Response itself; the REST adapter sends it as it is. */
export const zFileResponse = z.instanceof(Response)
/** A paged list: the page's items, how many match in all, and the page. */
export const zPaged = <T extends z.ZodType>(item: T) =>
  z.strictObject({ items: z.array(item), total: z.number(), page: z.number() })
