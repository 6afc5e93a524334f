// 422 field names of calls whose fields travel nested inside one JSON field (the panel's admin and
// order forms), renamed to the names the form holds (client/ui/form/use-action-form.ts).
import { envelopeOf, fieldErrorsOf } from './api-errors'

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
    throw Object.assign(new Error(error instanceof Error ? error.message : 'failed'), {
      data: { envelope: { ...envelope, error: renamed } },
    })
  }
}

export const nestedIn = (prefix: string) => (field: string) =>
  field === prefix || field.startsWith(`${prefix}.`) ? field : `${prefix}.${field}`
