// The "type the code we sent" step, the same wherever a one-time code is asked for (the client's
// sign-in by code, the tutor's password recovery): where the code went, the code field, the submit,
// and the links to change the e-mail or phone and to send the code again. The caller's useActionForm
// owns the field `name` and what a submit does.
import type { FieldValues, UseFormReturn } from 'react-hook-form'
import { Form, FormTextField, Submit } from './Form'

const LINK = 'font-medium text-brand-dark underline underline-offset-2 disabled:opacity-60'

export function CodeEntry<V extends FieldValues>(props: {
  form: UseFormReturn<V>
  submit: (e?: React.BaseSyntheticEvent) => Promise<void>
  pending: boolean
  testId: string
  /** The code's field: its name in the form and the input's id. */
  name: string & keyof V
  id: string
  /** "We sent a code to …". */
  sentText: string
  label: string
  submitLabel: string
  changeLabel: string
  resendLabel: string
  onChange: () => void
  onResend: () => void
  resending: boolean
}) {
  return (
    <Form form={props.form} onSubmit={props.submit} data-testid={props.testId} className="flex flex-col gap-3">
      <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 ring-1 ring-emerald-200">
        {props.sentText}
      </p>
      <FormTextField
        name={props.name}
        id={props.id}
        label={props.label}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={12}
        autoFocus
      />
      <Submit pending={props.pending} className="mt-2 w-full py-2.5">
        {props.submitLabel}
      </Submit>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button type="button" onClick={props.onChange} className={LINK}>
          {props.changeLabel}
        </button>
        <button type="button" onClick={props.onResend} disabled={props.resending} className={LINK}>
          {props.resendLabel}
        </button>
      </div>
    </Form>
  )
}
