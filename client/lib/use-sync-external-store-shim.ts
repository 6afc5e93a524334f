// React 18+ has useSyncExternalStore; wouter still imports the pre-18 shim, which vite.config.ts
// points here, so the browser bundle carries no copy of it.
export { useSyncExternalStore } from 'react'
