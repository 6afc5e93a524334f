// A labelled input with its error message under it. Messages may be encoded ("@validation.required")
// or already translated by the server; `tr` renders both. `size="sm"` is the panel's dense look.
import type { ComponentProps, ReactNode } from 'react'
import { FieldError, type FieldSize, FieldLabel, Hint, describedBy } from './Field'

interface Props extends Omit<ComponentProps<'input'>, 'size'> {
  id: string
  label: string
  error?: string
  /** A line under the field, shown while it has no error. */
  hint?: string
  /** Text shown inside the field before the value, e.g. the phone prefix. */
  adornment?: ReactNode
  size?: FieldSize
}

const BOX = {
  md: 'rounded-lg focus-within:border-brand focus-within:ring-2 focus-within:ring-brand/30',
  sm: 'rounded-md focus-within:border-slate-500 focus-within:ring-2 focus-within:ring-slate-300',
} as const

export function TextField({ id, label, error, hint, adornment, size = 'md', className = '', ...input }: Props) {
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <FieldLabel id={id} label={label} size={size} />
      <div className={`flex border border-slate-300 bg-white has-[[aria-invalid=true]]:border-red-600 ${BOX[size]}`}>
        {adornment && (
          <span className="flex items-center border-r border-slate-300 px-3 text-sm text-slate-600">{adornment}</span>
        )}
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          className={`w-full min-w-0 bg-transparent outline-none ${size === 'sm' ? 'rounded-md px-2.5 py-1.5 text-sm' : 'rounded-lg px-3 py-2 text-base'}`}
          {...input}
        />
      </div>
      <Hint id={id} hint={hint} error={error} />
      <FieldError id={`${id}-error`} message={error} size={size} />
    </div>
  )
}
