// Documents (diplomas, certificates): stored ones with a link (readable by the tutor and staff only)
// and an editable description; new ones chosen here (pdf, jpg, png) with a preview and a description,
// uploaded with the next save.
import { type Dispatch, type SetStateAction, useId, useRef } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import type { TutorProfileInput } from '../../../common/schemas/tutor/profile.schema'
import { Button } from '../../ui/Button'
import { FieldError, errorAt } from '../../ui/Field'
import { TextField } from '../../ui/TextField'
import { Card } from '../../ui/Card'
import { useAreaText } from '../../lib/area-text'
import type { NewDocument, ProfileValues, TutorProfile } from './profile-form'

type Form = UseFormReturn<ProfileValues, unknown, TutorProfileInput>

const ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png'
let seq = 0

interface Props {
  form: Form
  stored: TutorProfile['documents']
  newDocs: NewDocument[]
  setNewDocs: Dispatch<SetStateAction<NewDocument[]>>
}

export function DocumentsSection({ form, stored, newDocs, setNewDocs }: Props) {
  const at = useAreaText('account')
  const input = useRef<HTMLInputElement>(null)
  const inputId = useId()
  const kept = form.watch('documents') ?? []
  const keep = (next: ProfileValues['documents']) => form.setValue('documents', next, { shouldDirty: true })
  const errors = form.formState.errors
  const byId = new Map(stored.map((d) => [d.id, d]))

  const choose = (files: FileList | null) => {
    if (!files) return
    const added = [...files].map((file) => ({
      key: `new-${++seq}`,
      file,
      description: '',
      preview: file.type.startsWith('image/') ? URL.createObjectURL(file) : null,
    }))
    setNewDocs((list) => [...list, ...added])
    if (input.current) input.current.value = ''
  }

  return (
    <Card
      title={at('account.section_documents')}
      id="documents"
      aside={
        <>
          <input
            ref={input}
            id={inputId}
            type="file"
            multiple
            accept={ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-label={at('account.choose_files')}
            onChange={(e) => choose(e.target.files)}
            data-testid="documents-input"
          />
          <Button variant="secondary" onClick={() => input.current?.click()}>
            {at('account.choose_files')}
          </Button>
        </>
      }
    >
      <p className="mb-4 text-sm text-slate-600">{at('account.documents_hint')}</p>
      <FieldError id="new-documents-error" message={errorAt(errors, 'new_documents')} />
      {kept.length === 0 && newDocs.length === 0 && (
        <p className="text-sm text-slate-500">{at('account.no_documents')}</p>
      )}
      <ul className="flex flex-col gap-3">
        {kept.map((k, i) => {
          const doc = byId.get(k.id)
          if (!doc) return null
          return (
            <li
              key={k.id}
              className="flex flex-wrap items-center gap-4 rounded-lg border border-slate-200 p-3"
              data-testid="stored-document"
            >
              <FileIcon mime={doc.mime} />
              <div className="min-w-0 flex-1">
                <a
                  href={doc.url}
                  target="_blank"
                  rel="noopener"
                  className="block truncate font-medium text-brand-dark underline underline-offset-2"
                >
                  {doc.name}
                </a>
                <p className="text-xs text-slate-500">{formatSize(doc.size)}</p>
              </div>
              <TextField
                id={`doc-${doc.id}-description`}
                label={at('account.document_description')}
                className="w-full sm:w-64"
                value={k.description}
                onChange={(e) => keep(kept.map((x, j) => (j === i ? { ...x, description: e.target.value } : x)))}
              />
              <Button
                variant="secondary"
                onClick={() => keep(kept.filter((_, j) => j !== i))}
                aria-label={`${at('account.remove')}: ${doc.name}`}
              >
                {at('account.remove')}
              </Button>
            </li>
          )
        })}
        {newDocs.map((d) => (
          <li
            key={d.key}
            className="flex flex-wrap items-center gap-4 rounded-lg border border-dashed border-brand/50 bg-brand/5 p-3"
            data-testid="new-document"
          >
            {d.preview ? (
              <img src={d.preview} alt={d.file.name} className="size-14 rounded object-cover" />
            ) : (
              <FileIcon mime={d.file.type} />
            )}
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-slate-900">{d.file.name}</p>
              <p className="text-xs text-slate-500">
                {formatSize(d.file.size)} · {at('account.new_document')}
              </p>
            </div>
            <TextField
              id={`${d.key}-description`}
              label={at('account.document_description')}
              className="w-full sm:w-64"
              value={d.description}
              onChange={(e) =>
                setNewDocs((list) => list.map((x) => (x.key === d.key ? { ...x, description: e.target.value } : x)))
              }
            />
            <Button
              variant="secondary"
              onClick={() => {
                if (d.preview) URL.revokeObjectURL(d.preview)
                setNewDocs((list) => list.filter((x) => x.key !== d.key))
              }}
              aria-label={`${at('account.remove')}: ${d.file.name}`}
            >
              {at('account.remove')}
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  )
}

/** A PDF (or other file) icon in place of a thumbnail. */
function FileIcon({ mime }: { mime: string }) {
  const label = mime === 'application/pdf' ? 'PDF' : mime.startsWith('image/') ? mime.slice(6).toUpperCase() : 'FILE'
  return (
    <span
      aria-hidden="true"
      className="flex size-14 shrink-0 flex-col items-center justify-center rounded border border-red-200 bg-red-50 text-red-700"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
      >
        <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
        <path d="M14 3v5h5" />
      </svg>
      <span className="text-[10px] font-bold">{label}</span>
    </span>
  )
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}
