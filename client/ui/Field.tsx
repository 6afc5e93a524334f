// The kit's labelled fields beside TextField: a text area, a select, a checkbox, a checkbox group and the
// error line under a field. Label above, error below; messages may be encoded ("@validation.required")
// or already translated by the server, and `tr` renders both.
import type { ComponentProps, ReactNode } from 'react'
import type { FieldValues, Resolver } from 'react-hook-form'
import { useSite } from '../lib/site'

const CONTROL = 'rounded-lg border border-slate-300 bg-white px-3 py-2 text-base outline-none focus:border-brand focus:ring-2 focus:ring-brand/30 aria-[invalid=true]:border-red-600'

export function FieldError({ id, message }: { id: string; message?: string }) {
  const { tr } = useSite()
  if (!message) return null
  return (
    <p id={id} className="text-sm text-red-700">
      {tr(message)}
    </p>
  )
}

export function Checkbox({ label, className = '', ...input }: ComponentProps<'input'> & { label: ReactNode }) {
  return (
    <label className={`inline-flex cursor-pointer items-center gap-2 text-sm text-slate-800 ${className}`}>
      <input type="checkbox" className="size-4 rounded border-slate-300 accent-brand" {...input} />
      <span>{label}</span>
    </label>
  )
}

export function TextArea({ id, label, error, hint, ...input }: ComponentProps<'textarea'> & { id: string; label: string; error?: string; hint?: string }) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={`min-h-24 ${CONTROL}`} {...input} />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  )
}

export function Select({ id, label, error, children, ...select }: ComponentProps<'select'> & { id: string; label: string; error?: string }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} className={CONTROL} {...select}>
        {children}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  )
}

/** A group of checkboxes with a visible legend (levels, districts, places). */
export function CheckGroup({ legend, error, errorId, children }: { legend: string; error?: string; errorId: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-700">{legend}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">{children}</div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  )
}

// Error messages of the fields (here rather than in ui/form: the cabinet's sections read them too,
// and a module of its own would be one more chunk in every page's preload list).

/** The message of a form error at a dotted path (server field names like `subjects.0.selectedLevels`). */
export function errorAt(errors: object, path: string): string | undefined {
  let at: unknown = errors
  for (const part of path.split('.')) at = at && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined
  const message = at && typeof at === 'object' ? (at as { message?: unknown }).message : undefined
  return typeof message === 'string' ? message : undefined
}

/**
 * Some rules of the shared schema carry no message of their own (ids: zId), so zod answers in
 * English; in the form those read as the catalog's "invalid value" instead.
 */
export function withCatalogMessages<TIn extends FieldValues, TOut>(resolver: Resolver<TIn, unknown, TOut>): Resolver<TIn, unknown, TOut> {
  const encode = (node: unknown) => {
    if (!node || typeof node !== 'object') return
    const e = node as { message?: unknown; type?: unknown; ref?: unknown }
    if (typeof e.message === 'string' && typeof e.type === 'string') {
      if (!e.message.startsWith('@')) e.message = '@validation.invalid'
      return
    }
    for (const [key, child] of Object.entries(node)) if (key !== 'ref') encode(child)
  }
  return async (values, context, options) => {
    const result = await resolver(values, context, options)
    encode(result.errors)
    return result
  }
}
