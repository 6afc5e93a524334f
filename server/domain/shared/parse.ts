import type { z } from 'zod'
import { FieldErrors, addFieldError } from '../../../common/errors'

/** Parses with a schema chosen at run time (e.g. by edition); refusals become a 422 field map. */
export function parseOrFieldErrors<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const fields: Record<string, string[]> = {}
  for (const issue of result.error.issues) addFieldError(fields, issue.path.map(String).join('.') || '_', issue.message)
  throw new FieldErrors(fields)
}
