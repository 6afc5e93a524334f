// One way to build a form: react-hook-form over the procedure's own zod input schema, sent by one
// action (a tRPC mutation's mutateAsync, or a multipart post). Every form behaves the same:
// - the schema checks the values in the browser first (loaded on demand: zod stays out of first loads);
// - a server 422 lands under the fields it names (`{field: [message]}`, dotted paths for nested
//   fields); a failure that names no field of the form goes to the status banner;
// - focus moves to the first field in error, client-side or from the server;
// - `pending` is true while the action runs; `success` is shown in the banner when it is done.
import { useEffect, useMemo, useRef } from 'react'
import { type DefaultValues, type FieldValues, type Path, type UseFormReturn, useForm } from 'react-hook-form'
import type { z } from 'zod'
import { showError, showSuccess } from '../Banner'
import { withCatalogMessages } from '../Field'
import { fieldErrorsOf } from '../../lib/api-errors'
import { useLazyZodResolver } from '../../lib/lazy-resolver'

/** The schema itself, or a loader of it (a dynamic import keeps it out of the page's first chunk). */
export type SchemaSource<S extends z.ZodType = z.ZodType> = S | (() => Promise<S>)

/**
 * A form's values: what its schema takes (`z.input`), so defaults naming a field the schema does not
 * have, or missing one it requires, fail to compile. A schema known only as `z.ZodType` (a shared
 * dialog given any schema) takes any values.
 */
export type FormValuesOf<S extends z.ZodType> = z.input<S> extends FieldValues ? TextInput<z.input<S>> : FieldValues

/**
 * A field the schema preprocesses (an id, a flag, a number typed as text) takes `unknown` as input: the
 * form holds it as the field gives it, so its type stays open (`any`) while its name is checked.
 */
type TextInput<T> = unknown extends T
  ? // biome-ignore lint/suspicious/noExplicitAny: a preprocessed field's input is whatever the field holds
    any
  : T extends Date | Blob | ((...args: never[]) => unknown)
    ? T
    : T extends readonly (infer E)[]
      ? TextInput<E>[]
      : T extends object
        ? { [K in keyof T]: TextInput<T[K]> }
        : T

export interface ActionFormOptions<V extends FieldValues, R, P = unknown> {
  /** A value for every field ('' for empty ones): a 422 lands on the fields the values hold. */
  defaults: V
  /**
   * Sends the form's values as typed (the server parses them again); `parsed` is what the schema made
   * of them, for an action that sends the schema's output (a multipart body, say).
   */
  action: (values: V, parsed: P) => Promise<R>
  /** The banner's text once the action is done. */
  success?: string
  onDone?: (result: R, values: V) => unknown
  /** What the schema loader reads (a schema chosen by state, e.g. visitor or signed in). */
  deps?: readonly unknown[]
}

export interface ActionForm<V extends FieldValues> {
  form: UseFormReturn<V>
  submit: (e?: React.BaseSyntheticEvent) => Promise<void>
  pending: boolean
}

/** A form over the procedure's own zod input schema; its values are typed from that schema. */
export function useActionForm<S extends z.ZodType, R = unknown>(
  schema: SchemaSource<S>,
  opts: ActionFormOptions<FormValuesOf<S>, R, z.output<S>>,
): ActionForm<FormValuesOf<S>> {
  type V = FormValuesOf<S>
  const load: () => Promise<z.ZodType> =
    typeof schema === 'function' ? (schema as () => Promise<S>) : () => Promise.resolve(schema)
  const lazy = useLazyZodResolver<V, V>(load, opts.deps ?? [])
  const resolver = useMemo(() => withCatalogMessages(lazy), [lazy])
  const form = useForm<V>({ resolver, defaultValues: opts.defaults as DefaultValues<V>, shouldFocusError: true })

  const send = form.handleSubmit(async (parsed) => {
    const values = form.getValues()
    let result: R
    try {
      result = await opts.action(values, parsed as z.output<S>)
    } catch (error) {
      if (!showFieldErrors(form, error)) showError(error)
      return
    }
    if (opts.success) showSuccess(opts.success)
    await opts.onDone?.(result, values)
  })
  // Fields drawn without a ref (controlled selects, checkbox groups) cannot take react-hook-form's
  // focus: once a submission settles, the first field marked invalid gets it unless one has it.
  const submitted = useRef<HTMLFormElement | null>(null)
  const submit = (e?: React.BaseSyntheticEvent) => {
    submitted.current = e?.currentTarget instanceof HTMLFormElement ? e.currentTarget : null
    return send(e)
  }
  const pending = form.formState.isSubmitting
  useEffect(() => {
    const el = submitted.current
    if (pending || !el) return
    submitted.current = null
    const active = document.activeElement
    if (active && el.contains(active) && active.getAttribute('aria-invalid') === 'true') return
    // A form split over several <form> elements (data-form-scope around them): the first invalid field of any.
    const scope = el.closest<HTMLElement>('[data-form-scope]') ?? el
    if (active && scope.contains(active) && active.getAttribute('aria-invalid') === 'true') return
    scope.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [pending])
  return { form, submit, pending }
}

/**
 * Puts a 422's messages under the form's fields and focuses the first; false when the failure names
 * no field of this form (the caller shows it in the banner instead).
 */
export function showFieldErrors<V extends FieldValues>(form: UseFormReturn<V>, error: unknown): boolean {
  const map = fieldErrorsOf(error)
  if (!map) return false
  // A field of the form is one its values hold (defaults give every field a value, '' included).
  const ours = Object.entries(map).filter(([name]) => form.getValues(name as Path<V>) !== undefined)
  if (!ours.length) return false
  for (const [i, [name, messages]] of ours.entries())
    form.setError(name as Path<V>, { type: 'server', message: messages[0] }, { shouldFocus: i === 0 })
  return true
}
