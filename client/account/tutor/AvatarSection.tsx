// The profile photo: the current 130×130 preview; a new image is chosen, previewed with a square crop
// selection, and uploaded with its progress to POST /tutor/profile/avatar/set together with the crop
// (the server cuts it from its stored original). The current photo can be cropped tighter
// (POST /tutor/profile/avatar/crop); remove asks first.
import { useEffect, useRef, useState } from 'react'
import type { AvatarAnswer } from '../../lib/api-types'
import { Button } from '../../components/ui/Button'
import { ConfirmDialog } from '../../components/ui/ConfirmDialog'
import { ProgressBar } from '../../components/ui/ProgressBar'
import { showError, showSuccess } from '../../components/ui/StatusBanner'
import { useAreaText } from '../../lib/area-text'
import { useSite } from '../../lib/site'
import { trpc } from '../../lib/trpc'
import { Card, FieldError } from './fields'
import { useRefreshIndicators } from './indicators'
import { postMultipart } from './upload'
import { fieldErrorsOf } from '../../lib/api-errors'

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

export function AvatarSection({ avatar, tutorId }: { avatar: AvatarAnswer; tutorId: number }) {
  const at = useAreaText('account')
  const { locale } = useSite()
  const utils = trpc.useUtils()
  const refreshIndicators = useRefreshIndicators()
  const input = useRef<HTMLInputElement>(null)
  const [chosen, setChosen] = useState<Chosen | null>(null)
  const [square, setSquare] = useState<Square>({ x: 0, y: 0, size: 0 })
  const [progress, setProgress] = useState<number | null>(null)
  const [error, setError] = useState<string | undefined>()
  /** A new crop of the current photo: its main image with a selection over it. */
  const [recrop, setRecrop] = useState<Chosen | null>(null)
  const [recropSquare, setRecropSquare] = useState<Square>({ x: 0, y: 0, size: 0 })

  useEffect(() => () => void (chosen && URL.revokeObjectURL(chosen.url)), [chosen])

  const afterChange = async () => {
    await utils.tutor.profile.get.invalidate()
    await utils.auth.role.get.invalidate()
    void refreshIndicators(tutorId).catch(() => {})
  }
  const remove = trpc.tutor.profile.avatar.remove.useMutation({
    onSuccess: async () => {
      showSuccess(at('account.avatar_removed'))
      await afterChange()
    },
    onError: showError,
  })

  const crop = trpc.tutor.profile.avatar.crop.useMutation({
    onSuccess: async () => {
      setRecrop(null)
      showSuccess(at('account.avatar_saved'))
      await afterChange()
    },
    onError: showError,
  })

  /** Opens the current main image for a tighter square (the main image is the stored crop, if any). */
  const startRecrop = () => {
    if (!avatar) return
    const img = new Image()
    img.onload = () => {
      const size = Math.min(img.naturalWidth, img.naturalHeight)
      setRecrop({ file: new File([], ''), url: avatar.url, width: img.naturalWidth, height: img.naturalHeight })
      setRecropSquare({ x: Math.floor((img.naturalWidth - size) / 2), y: Math.floor((img.naturalHeight - size) / 2), size })
    }
    img.src = avatar.url
  }

  /** The selection on the main image, in the stored original's pixels. */
  const sendRecrop = () => {
    if (!avatar?.original || !recrop) return
    const base = avatar.crop ?? { x: 0, y: 0, width: avatar.original.width, height: avatar.original.height }
    const scale = base.width / recrop.width
    const size = Math.max(1, Math.floor(recropSquare.size * scale))
    crop.mutate({ x: base.x + Math.floor(recropSquare.x * scale), y: base.y + Math.floor(recropSquare.y * scale), width: size, height: size })
  }

  const choose = (file: File | undefined) => {
    if (!file) return
    setError(undefined)
    setRecrop(null)
    const url = URL.createObjectURL(file)
    const img = new Image()
    img.onload = () => {
      const size = Math.min(img.naturalWidth, img.naturalHeight)
      setChosen({ file, url, width: img.naturalWidth, height: img.naturalHeight })
      // Centred, as large as fits.
      setSquare({ x: Math.floor((img.naturalWidth - size) / 2), y: Math.floor((img.naturalHeight - size) / 2), size })
    }
    // Not an image the browser can show: the server's refusal says why once it is sent.
    img.onerror = () => setChosen({ file, url, width: 0, height: 0 })
    img.src = url
    if (input.current) input.current.value = ''
  }

  const upload = async () => {
    if (!chosen) return
    const body = new FormData()
    body.append('image', chosen.file, chosen.file.name)
    if (chosen.width && square.size) {
      // The crop is given in the stored original's pixels, which are at most 3000 a side.
      const scale = Math.min(1, ORIGINAL_MAX_SIDE / Math.max(chosen.width, chosen.height))
      const size = Math.max(1, Math.floor(square.size * scale))
      body.append('x', String(Math.floor(square.x * scale)))
      body.append('y', String(Math.floor(square.y * scale)))
      body.append('width', String(size))
      body.append('height', String(size))
    }
    setProgress(0)
    try {
      await postMultipart('/tutor/profile/avatar/set', body, (p) => setProgress(p.total ? (p.loaded / p.total) * 100 : 0), locale)
      setChosen(null)
      setError(undefined)
      showSuccess(at('account.avatar_saved'))
      await afterChange()
    } catch (err) {
      showError(err)
      setError(fieldErrorsOf(err)?.image?.[0])
    } finally {
      setProgress(null)
    }
  }

  return (
    <Card title={at('account.section_avatar')} id="avatar">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <div className="flex flex-col items-center gap-2">
          {avatar ? (
            <img src={avatar.preview_url} alt={at('account.photo_preview')} width={130} height={130} className="size-[130px] rounded-full border border-slate-200 object-cover" data-testid="avatar-preview" />
          ) : (
            <div className="flex size-[130px] items-center justify-center rounded-full border border-dashed border-slate-300 bg-slate-50 px-4 text-center text-xs text-slate-500">
              {at('account.no_photo')}
            </div>
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <p className="text-sm text-slate-600">{at('account.avatar_hint')}</p>
          <div className="flex flex-wrap gap-3">
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
                trigger={<Button variant="secondary" disabled={remove.isPending}>{at('account.remove_photo')}</Button>}
                title={at('account.remove_photo_title')}
                description={at('account.remove_photo_text')}
                confirm={at('account.remove_photo')}
                cancel={at('account.cancel')}
                onConfirm={() => remove.mutate()}
                danger
              />
            )}
          </div>
          <FieldError id="avatar-error" message={error} />
          {recrop && !chosen && (
            <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4" data-testid="avatar-recrop">
              <CropPreview chosen={recrop} square={recropSquare} label={at('account.photo_preview')} />
              <CropControls chosen={recrop} square={recropSquare} onChange={setRecropSquare} />
              <div className="flex flex-wrap items-center gap-3">
                <Button onClick={sendRecrop} disabled={crop.isPending}>
                  {at('account.crop_photo')}
                </Button>
                <Button variant="secondary" onClick={() => setRecrop(null)} disabled={crop.isPending}>
                  {at('account.cancel')}
                </Button>
              </div>
            </div>
          )}
          {chosen && (
            <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
              {chosen.width > 0 && <CropPreview chosen={chosen} square={square} label={at('account.new_photo_preview')} />}
              {chosen.width > 0 && <CropControls chosen={chosen} square={square} onChange={setSquare} />}
              {chosen.width === 0 && <p className="text-sm text-slate-700">{chosen.file.name}</p>}
              <div className="flex flex-wrap items-center gap-3">
                <Button onClick={upload} disabled={progress !== null}>
                  {at('account.upload_photo')}
                </Button>
                <Button variant="secondary" onClick={() => setChosen(null)} disabled={progress !== null}>
                  {at('account.cancel')}
                </Button>
              </div>
              {progress !== null && <ProgressBar value={progress} label={at('account.uploading_photo')} />}
            </div>
          )}
        </div>
      </div>
    </Card>
  )
}

/** The chosen image scaled into a box, the selection drawn over it. */
function CropPreview({ chosen, square, label }: { chosen: Chosen; square: Square; label: string }) {
  const box = 260
  const scale = box / Math.max(chosen.width, chosen.height)
  const w = chosen.width * scale
  const h = chosen.height * scale
  return (
    <div className="relative self-start overflow-hidden rounded-md bg-slate-200" style={{ width: w, height: h }} data-testid="avatar-crop">
      <img src={chosen.url} alt={label} className="block size-full" />
      <div
        aria-hidden="true"
        className="absolute rounded-sm border-2 border-white shadow-[0_0_0_9999px_rgba(15,23,42,0.45)]"
        style={{ left: square.x * scale, top: square.y * scale, width: square.size * scale, height: square.size * scale }}
      />
    </div>
  )
}

/** Size and position of the square, as sliders (keyboard-accessible without dragging); resizing keeps the centre. */
function CropControls({ chosen, square, onChange }: { chosen: Chosen; square: Square; onChange: (s: Square) => void }) {
  const at = useAreaText('account')
  const max = Math.min(chosen.width, chosen.height)
  const min = Math.min(max, 50)
  const clamp = (s: Square): Square => ({ size: s.size, x: Math.max(0, Math.min(s.x, chosen.width - s.size)), y: Math.max(0, Math.min(s.y, chosen.height - s.size)) })
  const slider = (id: string, label: string, value: number, lo: number, hi: number, set: (v: number) => Square) => (
    <label htmlFor={id} className="flex flex-col gap-1 text-sm text-slate-700">
      <span>{label}</span>
      <input id={id} type="range" min={lo} max={hi} value={value} disabled={hi <= lo} onChange={(e) => onChange(clamp(set(Number(e.target.value))))} className="accent-brand" />
    </label>
  )
  return (
    <fieldset className="grid gap-3 sm:grid-cols-3">
      <legend className="mb-1 text-sm font-medium text-slate-700">{at('account.crop_area')}</legend>
      {slider('crop-size', at('account.crop_size'), square.size, min, max, (v) => ({ size: v, x: Math.round(square.x + (square.size - v) / 2), y: Math.round(square.y + (square.size - v) / 2) }))}
      {slider('crop-x', at('account.crop_x'), square.x, 0, chosen.width - square.size, (v) => ({ ...square, x: v }))}
      {slider('crop-y', at('account.crop_y'), square.y, 0, chosen.height - square.size, (v) => ({ ...square, y: v }))}
    </fieldset>
  )
}
