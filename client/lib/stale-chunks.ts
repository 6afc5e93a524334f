// The browser code is split into chunks named by their content, and a deploy replaces them: a tab opened
// before it asks for chunks that are gone (404) on its next in-app page. Vite announces a failed chunk
// load with `vite:preloadError`; the page is then loaded again once, from the server, whose HTML names
// the new chunks. A second failure within a minute is let through to the page's error boundary
// (client/ui/PageErrorBoundary.tsx), so a chunk that is really broken cannot reload the page for ever.
const KEY = 'tm:stale-chunk-reload'
const WINDOW_MS = 60_000

export function reloadOnStaleChunk() {
  window.addEventListener('vite:preloadError', (event) => {
    try {
      if (Date.now() - Number(sessionStorage.getItem(KEY) ?? 0) < WINDOW_MS) return
      sessionStorage.setItem(KEY, String(Date.now()))
    } catch {
      // No session storage (a locked-down browser): without the guard, never reload.
      return
    }
    event.preventDefault()
    window.location.reload()
  })
}
