// What a screen shows before or instead of its data: loading (a line, or skeleton blocks where the
// content will stand), an error line, and an empty state.
import type { ReactNode } from 'react'

export function Loading({ text }: { text: string }) {
  return <p className="py-6 text-slate-600">{text}</p>
}

/** Grey blocks where the content that is loading will stand: one card-sized block, or `lines` lines. */
export function Skeleton({ lines, className = '' }: { lines?: number; className?: string }) {
  if (!lines) return <div aria-busy="true" className={`h-48 animate-pulse rounded-2xl bg-slate-100 ${className}`} />
  return (
    <div aria-busy="true" className={`flex animate-pulse flex-col gap-2 ${className}`}>
      {Array.from({ length: lines }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder lines
        <div key={i} className={`h-4 rounded bg-slate-200 ${i === lines - 1 ? 'w-2/3' : 'w-full'}`} />
      ))}
    </div>
  )
}

export function ErrorText({ children }: { children: ReactNode }) {
  return <p className="text-red-700">{children}</p>
}

/** Nothing to show yet: a line saying so, an icon above it, and what to do about it when there is something. */
export function EmptyState({
  children,
  icon,
  action,
  testId,
}: {
  children: ReactNode
  icon?: ReactNode
  action?: ReactNode
  testId?: string
}) {
  return (
    <div
      data-testid={testId}
      className="flex flex-col items-center gap-4 rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center shadow-sm"
    >
      {icon}
      <p className="max-w-md text-slate-600">{children}</p>
      {action}
    </div>
  )
}

/** Something is under way that takes a while (a payment being confirmed): a spinning ring and its line. */
export function Spinner({ text }: { text: string }) {
  return (
    <div role="status" aria-live="polite" className="flex items-center gap-3 py-4 text-slate-700">
      <span
        aria-hidden="true"
        className="h-6 w-6 shrink-0 animate-spin rounded-full border-[3px] border-slate-200 border-t-brand"
      />
      <span>{text}</span>
    </div>
  )
}
