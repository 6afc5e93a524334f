// Numbered page links of a public list (the catalogue, /reviews): real links (crawlable, with
// rel=prev/next), the first and last page and two either side of the current one.
import { Link } from 'wouter'

/**
 * Page numbers to link: the first, the last and two either side of the current one; 0 is a gap.
 * Made from those few numbers, not by walking every page (a busy slot has thousands).
 */
export function pageWindow(current: number, pages: number): number[] {
  const linked = [1]
  for (let n = Math.max(2, current - 2); n <= Math.min(pages - 1, current + 2); n++) linked.push(n)
  if (pages > 1) linked.push(pages)
  const out: number[] = []
  for (const n of linked) {
    if (out.length > 0 && n > out[out.length - 1]! + 1) out.push(0)
    out.push(n)
  }
  return out
}

export function PageLinks({
  page,
  pages,
  href,
  label,
}: {
  page: number
  pages: number
  href: (n: number) => string
  label: string
}) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap items-center justify-center gap-1">
        {pageWindow(page, pages).map((n, i, all) =>
          n === 0 ? (
            <li key={`gap-after-${all[i - 1]}`} aria-hidden="true" className="px-2 text-slate-500">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                href={href(n)}
                rel={n === page - 1 ? 'prev' : n === page + 1 ? 'next' : undefined}
                aria-current={n === page ? 'page' : undefined}
                onClick={() => window.scrollTo(0, 0)}
                className={`flex size-10 items-center justify-center rounded-lg text-sm font-medium ${
                  n === page
                    ? 'bg-brand text-white'
                    : 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
                }`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
      </ul>
    </nav>
  )
}
