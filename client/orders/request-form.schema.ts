// zod only, loaded on demand by the order form (client/orders/RequestPage.tsx): the checks a visitor
// gets before sending. The server's own schema (common/schemas/client/requests.schema.ts) reads its
// messages through i18n/keys, which would pull every page catalog into the browser chunk; the
// server still checks everything (the edition's phone rule included) and its 422 lands on the fields.
import { z } from 'zod'
import { msg } from '../../i18n/format'

const required = z.string().trim().min(1, msg('validation.required'))

/**
 * `visitor`: name, phone and e-mail are required of someone not signed in; `lesson`: the tutor lists
 * subjects, so one is chosen (a tutor without any can still be asked).
 */
export function requestFormSchema({ visitor, lesson }: { visitor: boolean; lesson: boolean }) {
  return z.object({
    ...(lesson ? { lesson_id: z.coerce.number().int().positive(msg('validation.required')) } : {}),
    class_regularity: z.coerce.number(msg('validation.invalid')).int().min(0).max(14, msg('validation.invalid')),
    class_duration: z.coerce.number(msg('validation.invalid')).int().min(0).max(600, msg('validation.invalid')),
    description: z.string().max(3000, msg('validation.length', { min: 0, max: 3000 })),
    // The form's other fields, checked by the server only (they type the form's values).
    level_id: z.string().optional(),
    form_location: z.array(z.string()).optional(),
    address: z.string().optional(),
    first_class: z.string().optional(),
    ...(visitor
      ? {
          name: required.max(100, msg('validation.length', { min: 1, max: 100 })),
          phone: required.regex(/^[\d\s()+-]{7,20}$/, msg('validation.invalid')),
          email: required.email(msg('validation.email')),
        }
      : {}),
  })
}
