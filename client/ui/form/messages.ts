// Form error messages: reading one at a dotted path, and giving message-less zod rules the catalog's text.
import type { FieldValues, Resolver } from 'react-hook-form'

/** The message of a form error at a dotted path (server field names like `subjects.0.selectedLevels`). */
export function errorAt(errors: object, path: string): string | undefined {
  let at: unknown = errors
  for (const part of path.split('.')) at = at && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined
  const message = at && typeof at === 'object' ? (at as { message?: unknown }).message : undefined
  return typeof message === 'string' ? message : undefined
}

/**
 * Some rules of the shared schema carry no message of their own (ids: zId), so zod answers in
 * English; in the form those read as the catalog's "invalid value" instead.
 */
export function withCatalogMessages<TIn extends FieldValues, TOut>(resolver: Resolver<TIn, unknown, TOut>): Resolver<TIn, unknown, TOut> {
  const encode = (node: unknown) => {
    if (!node || typeof node !== 'object') return
    const e = node as { message?: unknown; type?: unknown; ref?: unknown }
    if (typeof e.message === 'string' && typeof e.type === 'string') {
      if (!e.message.startsWith('@')) e.message = '@validation.invalid'
      return
    }
    for (const [key, child] of Object.entries(node)) if (key !== 'ref') encode(child)
  }
  return async (values, context, options) => {
    const result = await resolver(values, context, options)
    encode(result.errors)
    return result
  }
}
