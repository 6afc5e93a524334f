// The global status banner (docs/product.md#8-error-catalogue): any component may call showError / showSuccess;
// the one <StatusBanner /> in the shell shows the latest message for 4 seconds.
import { useSyncExternalStore } from 'react'
import { errorParts } from '../lib/api-errors'
import { useSite } from '../lib/site'

const VISIBLE_MS = 4000

interface Banner {
  kind: 'error' | 'success'
  /** Encoded or plain texts, translated at render and joined with ': '. */
  parts: string[]
}

let current: Banner | null = null
let timer: ReturnType<typeof setTimeout> | undefined
const listeners = new Set<() => void>()

function publish(next: Banner | null) {
  current = next
  clearTimeout(timer)
  if (next) timer = setTimeout(() => publish(null), VISIBLE_MS)
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function showError(error: unknown) {
  publish({ kind: 'error', parts: errorParts(error) })
}

export function showSuccess(text: string) {
  publish({ kind: 'success', parts: [text] })
}

export function hideBanner() {
  publish(null)
}

export function StatusBanner() {
  const { tr } = useSite()
  // The server snapshot is always empty, so server and first browser render agree.
  const banner = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  )
  const tone = banner?.kind === 'success' ? 'bg-emerald-700' : 'bg-red-700'
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-3 z-50 flex justify-center px-4"
    >
      {banner && (
        <p
          className={`pointer-events-auto max-w-lg rounded-lg px-4 py-2 text-sm font-medium text-white shadow-lg ${tone}`}
        >
          {banner.parts.map(tr).join(': ')}
        </p>
      )}
    </div>
  )
}
