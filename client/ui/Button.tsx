// The one button of every screen: `variant` says what it does (primary, secondary, danger, ghost),
// `size` how dense the screen is (the panel's tables and toolbars use "sm").
import type { ComponentProps } from 'react'

const BASE =
  'inline-flex items-center justify-center whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-60'

const VARIANTS = {
  primary: 'bg-brand text-white hover:bg-brand-dark',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
  danger: 'bg-red-700 text-white hover:bg-red-800',
  ghost: 'text-slate-700 hover:bg-slate-100',
} as const

const SIZES = {
  md: 'gap-2 rounded-lg px-4 py-2 text-sm font-semibold',
  sm: 'gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium',
} as const

export type ButtonVariant = keyof typeof VARIANTS

export function Button({
  variant = 'primary',
  size = 'md',
  className = '',
  type = 'button',
  ...props
}: ComponentProps<'button'> & { variant?: ButtonVariant; size?: keyof typeof SIZES }) {
  return <button type={type} className={`${BASE} ${SIZES[size]} ${VARIANTS[variant]} ${className}`} {...props} />
}
