// Tabs as links (each tab is an address), with an optional count.
import { Link } from 'wouter'

export function LinkTabs({
  tabs,
  current,
  label,
}: {
  tabs: { key: string; href: string; label: string; count?: number }[]
  current: string
  label: string
}) {
  return (
    <nav aria-label={label} className="flex flex-wrap gap-1 border-b border-slate-200">
      {tabs.map((tab) => {
        const on = tab.key === current
        return (
          <Link
            key={tab.key}
            href={tab.href}
            aria-current={on ? 'page' : undefined}
            data-testid={`tab-${tab.key}`}
            className={`-mb-px flex items-center gap-1.5 border-b-2 px-3 py-2 text-sm font-medium ${on ? 'border-brand text-brand-dark' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
          >
            {tab.label}
            {tab.count !== undefined && (
              <span className="rounded-full bg-slate-100 px-1.5 text-xs text-slate-700">{tab.count}</span>
            )}
          </Link>
        )
      })}
    </nav>
  )
}
