// React.lazy that can be fetched ahead: once preloaded, it renders at once instead of suspending
// (React.lazy always suspends on its first render, and React then holds the fallback ≥300 ms).
import { type ComponentType, lazy } from 'react'

export type Preloadable<P extends object> = ComponentType<P> & {
  /** Downloads the module; resolves (never rejects) once it is loaded or has failed. */
  preload: () => Promise<unknown>
}

export function preloadableLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let loaded: ComponentType<P> | null = null
  let pending: Promise<unknown> | null = null
  const preload = () =>
    (pending ??= load().then(
      (m) => {
        loaded = m.default
      },
      () => {
        pending = null // a failed download may be retried
      },
    ))
  const Lazy = lazy(() =>
    load().then((m) => {
      loaded = m.default
      return m
    }),
  )
  // biome-ignore lint/correctness/noComponentHookFactories: made once per lazy module, at module level (like React.lazy)
  function Preloadable(props: P) {
    const Component = loaded ?? Lazy
    return <Component {...props} />
  }
  return Object.assign(Preloadable, { preload })
}
