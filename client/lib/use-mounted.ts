import { useEffect, useState } from 'react'

/** False on the server and in the hydrating render, true after: for what only the browser knows. */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  return mounted
}
