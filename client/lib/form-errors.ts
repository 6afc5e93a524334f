// A failed form submission: the banner tells what went wrong, and a 422 field map also lands under
// the fields it names.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { showError } from '../ui/Banner'
import { fieldErrorsOf } from './api-errors'

export function reportFormError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
) {
  showError(error)
  const map = fieldErrorsOf(error)
  if (!map) return
  for (const field of fields) {
    const message = map[field]?.[0]
    if (message) setError(field, { type: 'server', message })
  }
}
