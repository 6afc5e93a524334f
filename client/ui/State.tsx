// What a screen shows before or instead of its data: loading (a line, or skeleton blocks where the
// content will stand), an error line, and an empty state.
import type { ReactNode } from 'react'

export function Loading({ text }: { text: string }) {
  return <p className="py-6 text-slate-600">{text}</p>
}

/** Grey blocks in the shape of the content that is loading (one per `lines`). */
export function Skeleton({ lines = 3, className = '' }: { lines?: number; className?: string }) {
  return (
    <div aria-hidden="true" className={`flex animate-pulse flex-col gap-2 ${className}`}>
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className={`h-4 rounded bg-slate-200 ${i === lines - 1 ? 'w-2/3' : 'w-full'}`} />
      ))}
    </div>
  )
}

export function ErrorText({ children }: { children: ReactNode }) {
  return <p className="text-red-700">{children}</p>
}

/** Nothing to show yet: a line saying so, and what to do about it when there is something. */
export function EmptyState({ children, action, testId }: { children: ReactNode; action?: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId} className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">
      <p>{children}</p>
      {action}
    </div>
  )
}
