// A screen's page title (with its actions beside it) and the titled card its sections stand in.
import type { HTMLAttributes, ReactNode } from 'react'

export function PageTitle({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="mb-5 flex flex-wrap items-center gap-3">
      <h1 className="text-2xl font-bold text-slate-900">{children}</h1>
      {aside && <div className="ml-auto flex flex-wrap items-center gap-2">{aside}</div>}
    </div>
  )
}

/** A section; `id` names its heading (`${id}-title`) so the section is labelled by it. */
export function Card({
  title,
  id,
  aside,
  testId,
  tone = 'plain',
  className = '',
  children,
  ...rest
}: {
  title?: ReactNode
  id?: string
  aside?: ReactNode
  testId?: string
  tone?: 'plain' | 'danger'
  className?: string
  children: ReactNode
} & Omit<HTMLAttributes<HTMLElement>, 'title'>) {
  const headingId = id && title ? `${id}-title` : undefined
  const border = tone === 'danger' ? 'border-red-200' : 'border-slate-200'
  return (
    <section
      aria-labelledby={headingId}
      data-testid={testId}
      className={`rounded-xl border bg-white p-5 shadow-sm ${border} ${className}`}
      {...rest}
    >
      {(title || aside) && (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
          {title && (
            <h2
              id={headingId}
              className={`text-lg font-semibold ${tone === 'danger' ? 'text-red-800' : 'text-slate-900'}`}
            >
              {title}
            </h2>
          )}
          {aside}
        </div>
      )}
      {children}
    </section>
  )
}
