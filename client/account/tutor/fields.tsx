// Small pieces the cabinet's screens share: a titled card and id lists; the fields are the kit's.
import type { ReactNode } from 'react'

// The fields themselves live in the one kit (client/ui/); re-exported for the cabinet's sections.
export { CheckGroup, Checkbox, FieldError, Select, TextArea } from '../../ui/Field'
export { errorAt, withCatalogMessages } from '../../ui/Field'

export function Card({ title, id, children, aside }: { title: string; id?: string; children: ReactNode; aside?: ReactNode }) {
  const headingId = id ? `${id}-title` : undefined
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  )
}

/** Ids toggled in a list (checkbox groups keep arrays of ids). */
export function toggled(list: number[], id: number, on: boolean): number[] {
  return on ? (list.includes(id) ? list : [...list, id]) : list.filter((x) => x !== id)
}


// The form kit goes in the same chunk as these pieces (one entry fewer in every page's preload map:
// the sign-in pages are at the 120 kB budget).
export { Form } from '../../ui/form/Form'
export { useActionForm } from '../../ui/form/use-action-form'
