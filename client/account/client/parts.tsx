// Small pieces shared by the client cabinet's screens.
import type { ReactNode } from 'react'

/** A titled card: one section of a cabinet screen. */
export function Card({ id, title, children, tone = 'plain' }: { id: string; title: string; children: ReactNode; tone?: 'plain' | 'danger' }) {
  const ring = tone === 'danger' ? 'ring-red-200' : 'ring-slate-200'
  return (
    <section aria-labelledby={id} className={`rounded-2xl bg-white p-5 shadow-sm ring-1 md:p-6 ${ring}`}>
      <h2 id={id} className={`mb-4 text-lg font-semibold ${tone === 'danger' ? 'text-red-800' : 'text-slate-900'}`}>
        {title}
      </h2>
      {children}
    </section>
  )
}

export function Badge({ ok, children }: { ok: boolean; children: ReactNode }) {
  const tone = ok ? 'bg-emerald-50 text-emerald-800 ring-emerald-200' : 'bg-amber-50 text-amber-900 ring-amber-200'
  return <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ${tone}`}>{children}</span>
}

export function Skeleton() {
  return <div aria-busy="true" className="h-48 animate-pulse rounded-2xl bg-slate-100" />
}
