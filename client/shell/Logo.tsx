// The site logo: a link home in the reader's language.
import { Link } from 'wouter'
import { useLocalePath } from '../lib/paths'
import { useSite } from '../lib/site'

export function Logo() {
  const { edition } = useSite()
  const href = useLocalePath()
  return (
    <Link href={href('/')} className="flex items-center gap-2 text-lg font-bold text-slate-900">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8">
        <rect width="32" height="32" rx="8" className="fill-brand" />
        <path d="M8 12 16 8l8 4-8 4-8-4Zm3 3.5V20c0 1.7 2.2 3 5 3s5-1.3 5-3v-4.5l-5 2.5-5-2.5Z" fill="#fff" />
      </svg>
      <span className="max-sm:sr-only">{edition.siteName}</span>
    </Link>
  )
}
