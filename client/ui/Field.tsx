// The kit's labelled fields beside TextField: a text area, a select, a checkbox, a checkbox group and the
// error line under a field. Label above, error below; messages may be encoded ("@validation.required")
// or already translated by the server, and `tr` renders both.
import type { ComponentProps, ReactNode } from 'react'
import type { FieldValues, Resolver } from 'react-hook-form'
import { useSite } from '../lib/site'

/** "md" for the site and the cabinets, "sm" for the panel's dense screens. */
export type FieldSize = 'md' | 'sm'

/** The look of a bare control (an input or select placed by hand inside <Field>). */
export const CONTROL = {
  md: 'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base outline-none focus:border-brand focus:ring-2 focus:ring-brand/30 aria-[invalid=true]:border-red-600',
  sm: 'w-full rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm outline-none focus:border-slate-500 focus:ring-2 focus:ring-slate-300 aria-[invalid=true]:border-red-600',
} as const

export function FieldLabel({
  id,
  label,
  size = 'md',
  hidden,
}: {
  id: string
  label: string
  size?: FieldSize
  hidden?: boolean
}) {
  const look = hidden
    ? 'sr-only'
    : size === 'sm'
      ? 'text-xs font-medium text-slate-600'
      : 'text-sm font-medium text-slate-700'
  return (
    <label htmlFor={id} className={look}>
      {label}
    </label>
  )
}

/** The ids a control's aria-describedby names: its hint and its error line. */
export function describedBy(id: string, error?: string, hint?: string): string | undefined {
  return [hint && !error ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
}

export function Hint({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  if (!hint || error) return null
  return (
    <p id={`${id}-hint`} className="text-xs text-slate-500">
      {hint}
    </p>
  )
}

export function FieldError({ id, message, size = 'md' }: { id: string; message?: string; size?: FieldSize }) {
  const { tr } = useSite()
  if (!message) return null
  return (
    <p id={id} className={`${size === 'sm' ? 'text-xs' : 'text-sm'} text-red-700`}>
      {tr(message)}
    </p>
  )
}

/** A label above a control placed by hand (a datetime input, a filter select); the error line under it. */
export function Field({
  id,
  label,
  error,
  size = 'md',
  className = '',
  children,
}: {
  id: string
  label: string
  error?: string
  size?: FieldSize
  className?: string
  children: ReactNode
}) {
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <FieldLabel id={id} label={label} size={size} />
      {children}
      <FieldError id={`${id}-error`} message={error} size={size} />
    </div>
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

export function TextArea({
  id,
  label,
  error,
  hint,
  size = 'md',
  hideLabel,
  className = '',
  ...input
}: Omit<ComponentProps<'textarea'>, 'size'> & {
  id: string
  label: string
  error?: string
  hint?: string
  size?: FieldSize
  hideLabel?: boolean
}) {
  return (
    <div className="flex flex-col gap-1">
      <FieldLabel id={id} label={label} size={size} hidden={hideLabel} />
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={`${size === 'md' ? 'min-h-24' : ''} ${CONTROL[size]} ${className}`}
        {...input}
      />
      <Hint id={id} hint={hint} error={error} />
      <FieldError id={`${id}-error`} message={error} size={size} />
    </div>
  )
}

/** A labelled select: its options as children, or as `options` (value and text). */
export function Select({
  id,
  label,
  error,
  options,
  size = 'md',
  className = '',
  children,
  ...select
}: Omit<ComponentProps<'select'>, 'size'> & {
  id: string
  label: string
  error?: string
  options?: readonly { value: string | number; text: string }[]
  size?: FieldSize
}) {
  return (
    <Field id={id} label={label} error={error} size={size} className={className}>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={CONTROL[size]}
        {...select}
      >
        {options?.map((o) => (
          <option key={o.value} value={o.value}>
            {o.text}
          </option>
        ))}
        {children}
      </select>
    </Field>
  )
}

/** A group of checkboxes with a visible legend (levels, districts, places). */
export function CheckGroup({
  legend,
  error,
  errorId,
  children,
}: {
  legend: string
  error?: string
  errorId: string
  children: ReactNode
}) {
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-700">{legend}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">{children}</div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  )
}

/** Stars 1–5 as radio buttons (a review's mark). */
export function MarkInput({ value, onChange, label }: { value: number; onChange: (v: number) => void; label: string }) {
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm font-medium text-slate-700">{label}</legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="cursor-pointer text-2xl leading-none">
            <input
              type="radio"
              name="review-mark"
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="sr-only"
              aria-label={String(n)}
            />
            <span aria-hidden="true" className={n <= value ? 'text-amber-400' : 'text-slate-300'}>
              ★
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}

// Error messages of the fields (here rather than in ui/form: the cabinet's sections read them too,
// and a module of its own would be one more chunk in every page's preload list).

/** The message of a form error at a dotted path (server field names like `subjects.0.selectedLevels`). */
export function errorAt(errors: object, path: string): string | undefined {
  let at: unknown = errors
  for (const part of path.split('.'))
    at = at && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined
  const message = at && typeof at === 'object' ? (at as { message?: unknown }).message : undefined
  return typeof message === 'string' ? message : undefined
}

/**
 * Some rules of the shared schema carry no message of their own (ids: zId), so zod answers in
 * English; in the form those read as the catalog's "invalid value" instead.
 */
export function withCatalogMessages<TIn extends FieldValues, TOut>(
  resolver: Resolver<TIn, unknown, TOut>,
): Resolver<TIn, unknown, TOut> {
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
