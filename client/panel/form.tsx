// The panel's forms are built like every other (client/ui/form/use-action-form.ts: react-hook-form over
// the call's own zod schema, a 422 under its fields). Here: the panel's dense fields bound by `name`
// inside <Form>, and the 422 names of calls whose fields travel nested.
import type { ComponentProps, ReactNode } from 'react'
import { envelopeOf, fieldErrorsOf } from '../lib/api-errors'
import { errorAt } from '../ui/Field'
import { useFormOf } from '../ui/form/Form'
import { ErrorLine, Input, Select } from './kit'

function useField(name: string) {
  const form = useFormOf()
  return { register: form.register(name), error: errorAt(form.formState.errors, name) }
}

/** The panel's input, its value and error the form's field `name`. */
export function FormInput({ name, ...props }: Omit<ComponentProps<typeof Input>, 'name' | 'error'> & { name: string }) {
  const { register, error } = useField(name)
  return <Input {...props} {...register} error={error} />
}

/** The panel's select, its value and error the form's field `name`. */
export function FormSelect({ name, ...props }: Omit<ComponentProps<typeof Select>, 'name' | 'error'> & { name: string }) {
  const { register, error } = useField(name)
  return <Select {...props} {...register} error={error} />
}

/** A text area with its label (shown, or read by screen readers only) and its error line. */
export function FormTextArea({ name, id, label, hideLabel, className = '', ...props }: Omit<ComponentProps<'textarea'>, 'name'> & { name: string; id: string; label: string; hideLabel?: boolean }) {
  const { register, error } = useField(name)
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-xs font-medium text-slate-600'}>
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`w-full rounded-md border border-slate-300 px-2.5 py-1.5 text-sm outline-none focus:border-slate-500 focus:ring-2 focus:ring-slate-300 aria-[invalid=true]:border-red-600 ${className}`}
        {...props}
        {...register}
      />
      <ErrorLine id={id} error={error} />
    </div>
  )
}

/** A checkbox with its label; several with one `name` and their own `value`s keep a list. */
export function FormCheckbox({ name, label, className = '', ...props }: Omit<ComponentProps<'input'>, 'name' | 'type'> & { name: string; label: ReactNode }) {
  const { register } = useField(name)
  return (
    <label className={`flex items-center gap-2 text-sm ${className}`}>
      <input type="checkbox" className="size-4 accent-slate-900" {...props} {...register} />
      {label}
    </label>
  )
}

/**
 * The action's failure with its 422 field names as the form holds them. A call whose fields travel
 * inside one JSON field (`admin`, `order`) hears its schema's refusals by path (`admin.email`) but the
 * service's plainly (`email`); `nestedIn('admin')` names both `admin.email`.
 */
export async function namedAsForm<T>(action: Promise<T>, rename: (field: string) => string): Promise<T> {
  try {
    return await action
  } catch (error) {
    const map = fieldErrorsOf(error)
    const envelope = envelopeOf(error)
    if (!map || !envelope) throw error
    const renamed = Object.fromEntries(Object.entries(map).map(([field, messages]) => [rename(field), messages]))
    throw Object.assign(new Error(error instanceof Error ? error.message : 'failed'), { data: { envelope: { ...envelope, error: renamed } } })
  }
}

export const nestedIn = (prefix: string) => (field: string) => (field === prefix || field.startsWith(`${prefix}.`) ? field : `${prefix}.${field}`)
