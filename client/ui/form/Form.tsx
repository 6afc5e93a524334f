// A form built by useActionForm and its fields, which find their value and error by `name` (the
// schema's field, dotted for nested ones, e.g. "payment_data.date"); each takes the input's id too
// (its label and its error line `${id}-error` hang on it).
import { type ComponentProps, type ReactNode, createContext, useContext } from 'react'
import type { FieldValues, UseFormReturn } from 'react-hook-form'
import { Button } from '../Button'
import { Checkbox, FieldError, Select, TextArea, errorAt } from '../Field'
import { TextField } from '../TextField'

// Our own context rather than react-hook-form's FormProvider: the sign-in pages share react-hook-form's
// chunk, and every export of it used anywhere lands in their first load (120 kB budget).
const FormContext = createContext<UseFormReturn<FieldValues> | null>(null)

/** The form a field is in (inside <Form>). */
export function useFormOf<V extends FieldValues>(): UseFormReturn<V> {
  const form = useContext(FormContext)
  if (!form) throw new Error('a form field outside <Form>')
  return form as unknown as UseFormReturn<V>
}

export function Form<V extends FieldValues>({
  form,
  onSubmit,
  children,
  className = 'flex flex-col gap-3',
  ...rest
}: {
  form: UseFormReturn<V>
  onSubmit: (e?: React.BaseSyntheticEvent) => Promise<void>
  children: ReactNode
  className?: string
} & Omit<ComponentProps<'form'>, 'onSubmit'>) {
  return (
    // A new value each render (as FormProvider does), so fields passed in as children see new errors.
    <FormContext.Provider value={{ ...(form as unknown as UseFormReturn<FieldValues>) }}>
      <form noValidate onSubmit={onSubmit} className={className} {...rest}>
        {children}
      </form>
    </FormContext.Provider>
  )
}

function useField(name: string) {
  const form = useFormOf()
  return { register: form.register(name), error: errorAt(form.formState.errors, name) }
}

export function FormTextField({
  name,
  id,
  label,
  ...input
}: Omit<ComponentProps<typeof TextField>, 'id' | 'name' | 'error'> & { name: string; id: string }) {
  const { register, error } = useField(name)
  return <TextField id={id} label={label} error={error} {...input} {...register} />
}

export function FormTextArea({
  name,
  id,
  label,
  ...input
}: Omit<ComponentProps<typeof TextArea>, 'id' | 'name' | 'error'> & { name: string; id: string }) {
  const { register, error } = useField(name)
  return <TextArea id={id} label={label} error={error} {...input} {...register} />
}

export function FormSelect({
  name,
  id,
  label,
  children,
  ...select
}: Omit<ComponentProps<typeof Select>, 'id' | 'name' | 'error'> & { name: string; id: string }) {
  const { register, error } = useField(name)
  return (
    <Select id={id} label={label} error={error} {...select} {...register}>
      {children}
    </Select>
  )
}

/**
 * A checkbox bound to `name`; several with one `name` and their own `value`s keep a list. With an `id`
 * its error is shown under it (a required consent).
 */
export function FormCheckbox({ name, ...input }: Omit<ComponentProps<typeof Checkbox>, 'name'> & { name: string }) {
  const { register, error } = useField(name)
  if (!input.id) return <Checkbox {...input} {...register} />
  return (
    <div className="flex flex-col gap-1">
      <Checkbox
        {...input}
        {...register}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${input.id}-error` : undefined}
      />
      <FieldError id={`${input.id}-error`} message={error} />
    </div>
  )
}

/** The form's submit button, disabled while the action runs. */
export function Submit({
  pending,
  disabled,
  children,
  ...rest
}: { pending: boolean; children: ReactNode } & Omit<ComponentProps<typeof Button>, 'type'>) {
  return (
    <Button type="submit" disabled={pending || disabled} aria-busy={pending || undefined} {...rest}>
      {children}
    </Button>
  )
}
