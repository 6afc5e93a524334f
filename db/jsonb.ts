import { type RawBuilder, sql } from 'kysely'

/**
 * A jsonb value that both drivers store alike. postgres.js types a parameter from the JS value
 * (a boolean is `bool`, a string bound to jsonb gets JSON-encoded twice), so the value travels as
 * text and PostgreSQL parses it.
 */
export function jsonb(value: unknown): RawBuilder<unknown> {
  return sql`cast(cast(${JSON.stringify(value)} as text) as jsonb)`
}
