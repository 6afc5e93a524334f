import { useEffect, useState } from 'react'

/** Set once the first (hydrating) render has committed; never set on the server. */
let hydrated = false

/** Called by the shell once it has hydrated, so later ClientOnly mounts skip the fallback. */
export function markHydrated() {
  hydrated = true
}

/**
 * Renders children only after hydration (the server and the first browser pass show the fallback).
 * Mounted later, after an in-app navigation, it renders the children at once.
 */
export function ClientOnly({ children, fallback }: { children: React.ReactNode; fallback: React.ReactNode }) {
  const [mounted, setMounted] = useState(hydrated)
  useEffect(() => {
    hydrated = true
    setMounted(true)
  }, [])
  return <>{mounted ? children : fallback}</>
}
