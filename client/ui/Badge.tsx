// A short coloured label (a flag, a status) beside the text it qualifies.
import type { HTMLAttributes, ReactNode } from 'react'

const TONES = {
  green: 'bg-emerald-100 text-emerald-800',
  grey: 'bg-slate-100 text-slate-700',
  red: 'bg-red-100 text-red-800',
  blue: 'bg-sky-100 text-sky-800',
  amber: 'bg-amber-100 text-amber-900',
  indigo: 'bg-indigo-100 text-indigo-800',
  violet: 'bg-violet-100 text-violet-800',
  orange: 'bg-orange-100 text-orange-900',
  rose: 'bg-rose-100 text-rose-800',
  slate: 'bg-slate-200 text-slate-700',
} as const

export type BadgeTone = keyof typeof TONES

export function Badge({
  tone,
  pill,
  className = '',
  children,
  ...rest
}: { tone: BadgeTone; pill?: boolean; className?: string; children: ReactNode } & HTMLAttributes<HTMLSpanElement>) {
  const shape = pill ? 'rounded-full px-2.5 font-semibold' : 'rounded px-1.5 font-medium'
  return (
    <span className={`inline-flex py-0.5 text-xs whitespace-nowrap ${shape} ${TONES[tone]} ${className}`} {...rest}>
      {children}
    </span>
  )
}
