// A labelled input with its error message under it. Messages may be encoded ("@validation.required")
// or already translated by the server; `tr` renders both.
import type { ComponentProps, ReactNode } from 'react'
import { useSite } from '../lib/site'

interface Props extends ComponentProps<'input'> {
  id: string
  label: string
  error?: string
  /** Text shown inside the field before the value, e.g. the phone prefix. */
  adornment?: ReactNode
}

export function TextField({ id, label, error, adornment, className = '', ...input }: Props) {
  const { tr } = useSite()
  const errorId = `${id}-error`
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex rounded-lg border border-slate-300 bg-white focus-within:border-brand focus-within:ring-2 focus-within:ring-brand/30 has-[[aria-invalid=true]]:border-red-600">
        {adornment && <span className="flex items-center border-r border-slate-300 px-3 text-sm text-slate-600">{adornment}</span>}
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="w-full min-w-0 rounded-lg bg-transparent px-3 py-2 text-base outline-none"
          {...input}
        />
      </div>
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {tr(error)}
        </p>
      )}
    </div>
  )
}
