// Dialogs (Radix): a modal with a title whose `children` is its form, and the confirmation every
// action that is hard to undo goes through. Panel and cabinet screens only: the public pages keep
// Radix out of their first load.
import { AlertDialog, Dialog as Radix } from 'radix-ui'
import { type ReactNode, useState } from 'react'
import { Button, type ButtonVariant } from './Button'

const OVERLAY = 'fixed inset-0 z-40 bg-slate-900/40'
const CONTENT =
  'fixed top-1/2 left-1/2 z-50 -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none'

/** `trigger`, when given, is the button that opens it; `description` a line under the title. */
export function ActionDialog({
  open,
  onOpenChange,
  title,
  description,
  trigger,
  children,
}: {
  open: boolean
  onOpenChange: (v: boolean) => void
  title: string
  description?: string
  trigger?: ReactNode
  children: ReactNode
}) {
  return (
    <Radix.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <Radix.Trigger asChild>{trigger}</Radix.Trigger>}
      <Radix.Portal>
        <Radix.Overlay className={OVERLAY} />
        <Radix.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={`${CONTENT} max-h-[calc(100vh-2rem)] w-[min(32rem,calc(100vw-2rem))] overflow-y-auto`}
        >
          <Radix.Title className="mb-4 text-lg font-semibold text-slate-900">{title}</Radix.Title>
          {description && (
            <Radix.Description className="-mt-3 mb-4 text-sm text-slate-600">{description}</Radix.Description>
          )}
          {children}
        </Radix.Content>
      </Radix.Portal>
    </Radix.Root>
  )
}

/** A button that closes the dialog it is in. */
export const DialogClose = Radix.Close

/**
 * A trigger that asks first (Radix AlertDialog: focus is trapped, Escape cancels, the title and
 * description name the dialog): Confirm runs `onConfirm`; when that returns a promise the dialog
 * stays open, its buttons disabled, until it settles (a failure is the action's own to report).
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirm,
  cancel,
  onConfirm,
  variant = 'danger',
  size = 'md',
}: {
  /** The button that opens the dialog. */
  trigger: ReactNode
  title: string
  description: string
  confirm: string
  cancel: string
  onConfirm: () => unknown
  /** The confirm button's look: red unless the action is a plain one. */
  variant?: ButtonVariant
  size?: 'md' | 'sm'
}) {
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const run = async () => {
    setBusy(true)
    try {
      await onConfirm()
    } catch {
      // reported by the action (its mutation's onError)
    } finally {
      setBusy(false)
      setOpen(false)
    }
  }
  return (
    <AlertDialog.Root open={open} onOpenChange={(o) => !busy && setOpen(o)}>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={OVERLAY} />
        <AlertDialog.Content className={`${CONTENT} w-[min(28rem,calc(100vw-2rem))]`}>
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700">{description}</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" size={size} disabled={busy}>
                {cancel}
              </Button>
            </AlertDialog.Cancel>
            <Button variant={variant} size={size} disabled={busy} aria-busy={busy || undefined} onClick={run}>
              {confirm}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
