// zodResolver with the schema loaded on demand. The forms validate with the server's own zod
// schemas, but zod is large: loading it after hydration keeps it out of the first-load bundle
// of every public page. The chunk is fetched when the form mounts, so submitting never waits.
import { useEffect, useMemo } from 'react'
import type { FieldErrors, FieldValues, Resolver, ResolverError } from 'react-hook-form'
import type { z } from 'zod'
import { showError } from '../ui/Banner'

type Loader = () => Promise<z.ZodType>

function lazyZodResolver<TIn extends FieldValues, TOut>(load: Loader) {
  let ready: Promise<Resolver<TIn, unknown, TOut>> | null = null
  const get = () => {
    ready ??= Promise.all([load(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema as never) as unknown as Resolver<TIn, unknown, TOut>,
    )
    // A failed download may be retried on the next validation.
    ready.catch(() => (ready = null))
    return ready
  }
  const resolver: Resolver<TIn, unknown, TOut> = async (values, context, options) => {
    try {
      return await (await get())(values, context, options)
    } catch (error) {
      showError(error)
      const failed: ResolverError<TIn> = {
        values: {},
        errors: { root: { type: 'load', message: '@errors.server_error' } } as FieldErrors<TIn>,
      }
      return failed
    }
  }
  return { resolver, preload: () => void get().catch(() => {}) }
}

/** A form resolver from a lazily imported zod schema (input type TIn, output type TOut). */
export function useLazyZodResolver<TIn extends FieldValues, TOut = TIn>(
  load: Loader,
  deps: readonly unknown[] = [],
): Resolver<TIn, unknown, TOut> {
  // The loader is a new function each render; `deps` name what it reads.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's list names what the loader reads
  const lazy = useMemo(() => lazyZodResolver<TIn, TOut>(load), deps)
  useEffect(() => lazy.preload(), [lazy])
  return lazy.resolver
}
