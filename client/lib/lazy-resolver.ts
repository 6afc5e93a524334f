// zodResolver with the schema loaded on demand. The forms validate with the server's own zod
// schemas, but zod is large: loading it after hydration keeps it out of the first-load bundle
// of every public page. The chunk is fetched when the visitor first touches, focuses or types on the page,
// not when the form mounts: a visitor who only reads never downloads or evaluates it (~50 ms of a phone's
// main thread during the page's load), and one who fills the form has it long before submitting (a submit
// before it arrived waits for it).
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
  useEffect(() => {
    const events = ['pointerdown', 'focusin', 'keydown'] as const
    const preload = () => {
      for (const name of events) document.removeEventListener(name, preload, true)
      lazy.preload()
    }
    // Focus already inside the page (autofocus, or a field focused before hydration): now.
    if (document.activeElement && document.activeElement !== document.body) return preload()
    for (const name of events) document.addEventListener(name, preload, true)
    return () => {
      for (const name of events) document.removeEventListener(name, preload, true)
    }
  }, [lazy])
  return lazy.resolver
}
