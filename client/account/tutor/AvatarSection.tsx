// A photo editor: the current 130×130 preview; a new image is chosen, previewed with a square crop
// selection, and uploaded with its progress to the set path (POST /tutor/profile/avatar/set for the
// tutor's profile, /admin/admin/avatar/set for a staff member's own, client/panel/OwnAvatar.tsx) together with the crop
// (the server cuts it from its stored original). The current photo can be cropped tighter
// (…/avatar/crop); remove asks first. The upload and the new crop are useActionForms
// over their procedures' schemas (ZAvatarSet, ZCrop): the square is the form's values (x, y, width,
// height, the names of the server's refusals); the chosen file stays the file input's, and `image`
// is a form value only so that the file's refusal lands under it.
import { useEffect, useRef, useState } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import type { AvatarAnswer } from '../../lib/api-types'
import { showError, showSuccess } from '../../ui/Banner'
import { Button } from '../../ui/Button'
import { ConfirmDialog } from '../../ui/Dialog'
import { FieldError, errorAt } from '../../ui/Field'
import { Form, Submit } from '../../ui/form/Form'
import { useActionForm } from '../../ui/form/use-action-form'
import { Card } from '../../ui/Card'
import { ProgressBar } from '../../ui/Progress'
import { useAreaText } from '../../lib/area-text'
import { useSite } from '../../lib/site'
import { trpc } from '../../lib/trpc'
import { useRefreshIndicators } from './indicators'
import { postMultipart } from './upload'

/** The server keeps originals at most this many pixels a side (server/domain/tutors/avatar.ts). */
const ORIGINAL_MAX_SIDE = 3000

interface Chosen {
  file: File
  url: string
  width: number
  height: number
}

/** A square selection in the chosen image's pixels. */
interface Square {
  x: number
  y: number
  size: number
}

/** A crop form's values: the square in the shown image's pixels (width = height); the action scales it. */
type CropValues = { x: number; y: number; width: number; height: number }
/** The upload's values: `image` names the file's refusals (the file itself is not a form value), and the crop. */
type UploadValues = { image: ''; x?: number; y?: number; width?: number; height?: number }

/** Centred, as large as fits. */
function centred(width: number, height: number): CropValues {
  const size = Math.min(width, height)
  return { x: Math.floor((width - size) / 2), y: Math.floor((height - size) / 2), width: size, height: size }
}

const cropSchema = () => import('../../../common/schemas/tutor/profile.schema')

/** Whose photo the editor changes: the calls behind it and what to refresh afterwards. */
export interface AvatarCalls {
  /** The REST path of the multipart upload. */
  setPath: string
  crop: (crop: CropValues) => Promise<unknown>
  remove: () => Promise<unknown>
  /** Reloads whatever shows the photo. */
  afterChange: () => Promise<void>
}

/** The tutor's profile photo. */
export function AvatarSection({ avatar, tutorId }: { avatar: AvatarAnswer; tutorId: number }) {
  const utils = trpc.useUtils()
  const refreshIndicators = useRefreshIndicators()
  const crop = trpc.tutor.profile.avatar.crop.useMutation()
  const remove = trpc.tutor.profile.avatar.remove.useMutation()
  const calls: AvatarCalls = {
    setPath: '/tutor/profile/avatar/set',
    crop: (v) => crop.mutateAsync(v),
    remove: () => remove.mutateAsync(),
    afterChange: async () => {
      await utils.tutor.profile.get.invalidate()
      // The onboarding checklist and the preview show the photo too.
      void utils.tutor.profile.completeness.invalidate()
      void utils.tutor.profile.preview.invalidate()
      await utils.auth.role.get.invalidate()
      void refreshIndicators(tutorId).catch(() => {})
    },
  }
  return <AvatarEditor avatar={avatar} calls={calls} />
}

/** The photo card over `calls`. */
export function AvatarEditor({ avatar, calls }: { avatar: AvatarAnswer; calls: AvatarCalls }) {
  const at = useAreaText('account')
  const input = useRef<HTMLInputElement>(null)
  /** The file chosen for upload (the file input's, kept while the crop is chosen). */
  const [chosen, setChosen] = useState<Chosen | null>(null)
  /** A new crop of the current photo: its main image with a selection over it. */
  const [recrop, setRecrop] = useState<Chosen | null>(null)

  useEffect(() => () => void (chosen && URL.revokeObjectURL(chosen.url)), [chosen])

  const afterChange = calls.afterChange
  const [removing, setRemoving] = useState(false)
  const remove = async () => {
    setRemoving(true)
    try {
      await calls.remove()
      showSuccess(at('account.avatar_removed'))
      await afterChange()
    } catch (err) {
      showError(err)
    } finally {
      setRemoving(false)
    }
  }

  /** Opens the current main image for a tighter square (the main image is the stored crop, if any). */
  const startRecrop = () => {
    if (!avatar) return
    const img = new Image()
    img.onload = () =>
      setRecrop({ file: new File([], ''), url: avatar.url, width: img.naturalWidth, height: img.naturalHeight })
    img.src = avatar.url
  }

  const choose = (file: File | undefined) => {
    if (!file) return
    setRecrop(null)
    const url = URL.createObjectURL(file)
    const img = new Image()
    img.onload = () => setChosen({ file, url, width: img.naturalWidth, height: img.naturalHeight })
    // Not an image the browser can show: the server's refusal says why once it is sent.
    img.onerror = () => setChosen({ file, url, width: 0, height: 0 })
    img.src = url
    if (input.current) input.current.value = ''
  }

  const fileInput = (
    <input
      ref={input}
      type="file"
      accept="image/jpeg,image/png,image/webp"
      className="sr-only"
      tabIndex={-1}
      aria-label={at('account.choose_photo')}
      onChange={(e) => choose(e.target.files?.[0])}
      data-testid="avatar-input"
    />
  )
  const buttons = (
    <div className="flex flex-wrap gap-3">
      <Button variant="secondary" onClick={() => input.current?.click()}>
        {at('account.choose_photo')}
      </Button>
      {avatar?.original && !chosen && !recrop && (
        <Button variant="secondary" onClick={startRecrop}>
          {at('account.crop_photo')}
        </Button>
      )}
      {avatar && !chosen && (
        <ConfirmDialog
          trigger={
            <Button variant="secondary" disabled={removing}>
              {at('account.remove_photo')}
            </Button>
          }
          title={at('account.remove_photo_title')}
          description={at('account.remove_photo_text')}
          confirm={at('account.remove_photo')}
          cancel={at('account.cancel')}
          onConfirm={() => void remove()}
        />
      )}
    </div>
  )

  return (
    <Card title={at('account.section_avatar')} id="avatar">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <div className="flex flex-col items-center gap-2">
          {avatar ? (
            <img
              src={avatar.preview_url}
              alt={at('account.photo_preview')}
              width={130}
              height={130}
              className="size-[130px] rounded-full border border-slate-200 object-cover"
              data-testid="avatar-preview"
            />
          ) : (
            <div className="flex size-[130px] items-center justify-center rounded-full border border-dashed border-slate-300 bg-slate-50 px-4 text-center text-xs text-slate-500">
              {at('account.no_photo')}
            </div>
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <p className="text-sm text-slate-600">{at('account.avatar_hint')}</p>
          {fileInput}
          {buttons}
          {recrop && !chosen && avatar?.original && (
            <RecropForm
              avatar={avatar}
              crop={calls.crop}
              recrop={recrop}
              onCancel={() => setRecrop(null)}
              onDone={async () => {
                setRecrop(null)
                await afterChange()
              }}
            />
          )}
          {chosen && (
            <UploadForm
              key={chosen.url}
              setPath={calls.setPath}
              chosen={chosen}
              onCancel={() => setChosen(null)}
              onDone={async () => {
                setChosen(null)
                await afterChange()
              }}
            />
          )}
        </div>
      </div>
    </Card>
  )
}

/**
 * The chosen file with its square (avatar.set, multipart with upload progress): the form checks the
 * crop with the procedure's schema (ZAvatarSet); the server's refusal of the file lands under it.
 */
function UploadForm({
  setPath,
  chosen,
  onCancel,
  onDone,
}: {
  setPath: string
  chosen: Chosen
  onCancel: () => void
  onDone: () => Promise<void>
}) {
  const at = useAreaText('account')
  const { locale } = useSite()
  const [progress, setProgress] = useState<number | null>(null)
  const previewable = chosen.width > 0
  const { form, submit, pending } = useActionForm(() => cropSchema().then((m) => m.ZAvatarSet), {
    defaults: (previewable ? { image: '', ...centred(chosen.width, chosen.height) } : { image: '' }) as UploadValues,
    action: async (v) => {
      const body = new FormData()
      body.append('image', chosen.file, chosen.file.name)
      if (previewable && v.width) {
        // The crop is given in the stored original's pixels, which are at most 3000 a side.
        const scale = Math.min(1, ORIGINAL_MAX_SIDE / Math.max(chosen.width, chosen.height))
        const size = Math.max(1, Math.floor(v.width * scale))
        body.append('x', String(Math.floor((v.x ?? 0) * scale)))
        body.append('y', String(Math.floor((v.y ?? 0) * scale)))
        body.append('width', String(size))
        body.append('height', String(size))
      }
      setProgress(0)
      try {
        return await postMultipart(setPath, body, (p) => setProgress(p.total ? (p.loaded / p.total) * 100 : 0), locale)
      } finally {
        setProgress(null)
      }
    },
    success: at('account.avatar_saved'),
    onDone,
  })
  const imageError = errorAt(form.formState.errors, 'image')
  return (
    <Form
      form={form}
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4"
      data-testid="avatar-upload-form"
    >
      {/* The file's refusal: the focus goes to the file's name (or its preview) with the message. */}
      <div
        tabIndex={-1}
        aria-invalid={imageError ? true : undefined}
        aria-describedby={imageError ? 'avatar-error' : undefined}
        className="flex flex-col gap-3 outline-none"
      >
        {previewable ? (
          <CropPreview chosen={chosen} square={squareOf(form.watch())} label={at('account.new_photo_preview')} />
        ) : (
          <p className="text-sm text-slate-700">{chosen.file.name}</p>
        )}
      </div>
      <FieldError id="avatar-error" message={imageError} />
      {previewable && <CropControls chosen={chosen} form={form as unknown as UseFormReturn<CropValues>} />}
      <div className="flex flex-wrap items-center gap-3">
        <Submit pending={pending}>{at('account.upload_photo')}</Submit>
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          {at('account.cancel')}
        </Button>
      </div>
      {progress !== null && <ProgressBar value={progress} label={at('account.uploading_photo')} />}
    </Form>
  )
}

/** A tighter square of the current photo (avatar.crop, ZCrop): the selection on the main image, sent in the original's pixels. */
function RecropForm({
  avatar,
  crop,
  recrop,
  onCancel,
  onDone,
}: {
  avatar: NonNullable<AvatarAnswer>
  crop: AvatarCalls['crop']
  recrop: Chosen
  onCancel: () => void
  onDone: () => Promise<void>
}) {
  const at = useAreaText('account')
  const { form, submit, pending } = useActionForm(() => cropSchema().then((m) => m.ZCrop), {
    defaults: centred(recrop.width, recrop.height),
    action: (v) => {
      const original = avatar.original!
      const base = avatar.crop ?? { x: 0, y: 0, width: original.width, height: original.height }
      const scale = base.width / recrop.width
      const size = Math.max(1, Math.floor(v.width * scale))
      return crop({
        x: base.x + Math.floor(v.x * scale),
        y: base.y + Math.floor(v.y * scale),
        width: size,
        height: size,
      })
    },
    success: at('account.avatar_saved'),
    onDone,
  })
  return (
    <Form
      form={form}
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4"
      data-testid="avatar-recrop"
    >
      <CropPreview chosen={recrop} square={squareOf(form.watch())} label={at('account.photo_preview')} />
      <CropControls chosen={recrop} form={form} />
      <div className="flex flex-wrap items-center gap-3">
        <Submit pending={pending}>{at('account.crop_photo')}</Submit>
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          {at('account.cancel')}
        </Button>
      </div>
    </Form>
  )
}

const squareOf = (v: Partial<CropValues>): Square => ({
  x: Number(v.x ?? 0),
  y: Number(v.y ?? 0),
  size: Number(v.width ?? 0),
})

/** The chosen image scaled into a box, the selection drawn over it. */
function CropPreview({ chosen, square, label }: { chosen: Chosen; square: Square; label: string }) {
  const box = 260
  const scale = box / Math.max(chosen.width, chosen.height)
  const w = chosen.width * scale
  const h = chosen.height * scale
  return (
    <div
      className="relative self-start overflow-hidden rounded-md bg-slate-200"
      style={{ width: w, height: h }}
      data-testid="avatar-crop"
    >
      <img src={chosen.url} alt={label} className="block size-full" />
      <div
        aria-hidden="true"
        className="absolute rounded-sm border-2 border-white shadow-[0_0_0_9999px_rgba(15,23,42,0.45)]"
        style={{
          left: square.x * scale,
          top: square.y * scale,
          width: square.size * scale,
          height: square.size * scale,
        }}
      />
    </div>
  )
}

/**
 * Size and position of the square, as sliders (keyboard-accessible without dragging) over the crop
 * form's values; resizing keeps the centre. A refusal of the crop shows under the sliders.
 */
function CropControls({ chosen, form }: { chosen: Chosen; form: UseFormReturn<CropValues> }) {
  const at = useAreaText('account')
  const square = squareOf(form.watch())
  const errors = form.formState.errors
  const max = Math.min(chosen.width, chosen.height)
  const min = Math.min(max, 50)
  const onChange = (s: Square) => {
    const x = Math.max(0, Math.min(s.x, chosen.width - s.size))
    const y = Math.max(0, Math.min(s.y, chosen.height - s.size))
    for (const [name, value] of [
      ['x', x],
      ['y', y],
      ['width', s.size],
      ['height', s.size],
    ] as const)
      form.setValue(name, value, { shouldDirty: true })
  }
  const error = errors.x?.message ?? errors.y?.message ?? errors.width?.message ?? errors.height?.message
  const slider = (
    id: string,
    label: string,
    value: number,
    lo: number,
    hi: number,
    invalid: boolean,
    set: (v: number) => Square,
  ) => (
    <label htmlFor={id} className="flex flex-col gap-1 text-sm text-slate-700">
      <span>{label}</span>
      <input
        id={id}
        type="range"
        min={lo}
        max={hi}
        value={value}
        disabled={hi <= lo}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? 'crop-error' : undefined}
        onChange={(e) => onChange(set(Number(e.target.value)))}
        className="accent-brand"
      />
    </label>
  )
  return (
    <fieldset className="grid gap-3 sm:grid-cols-3">
      <legend className="mb-1 text-sm font-medium text-slate-700">{at('account.crop_area')}</legend>
      {slider('crop-size', at('account.crop_size'), square.size, min, max, !!(errors.width || errors.height), (v) => ({
        size: v,
        x: Math.round(square.x + (square.size - v) / 2),
        y: Math.round(square.y + (square.size - v) / 2),
      }))}
      {slider('crop-x', at('account.crop_x'), square.x, 0, chosen.width - square.size, !!errors.x, (v) => ({
        ...square,
        x: v,
      }))}
      {slider('crop-y', at('account.crop_y'), square.y, 0, chosen.height - square.size, !!errors.y, (v) => ({
        ...square,
        y: v,
      }))}
      <div className="sm:col-span-3">
        <FieldError id="crop-error" message={error} />
      </div>
    </fieldset>
  )
}
