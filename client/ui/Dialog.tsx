// A modal dialog with a title (Radix Dialog); `children` is its form. Panel and cabinet screens only:
// the public pages keep Radix out of their first load.
import { Dialog as Radix } from 'radix-ui'
import type { ReactNode } from 'react'

export function ActionDialog({ open, onOpenChange, title, children }: { open: boolean; onOpenChange: (v: boolean) => void; title: string; children: ReactNode }) {
  return (
    <Radix.Root open={open} onOpenChange={onOpenChange}>
      <Radix.Portal>
        <Radix.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Radix.Content aria-describedby={undefined} className="fixed top-1/2 left-1/2 z-50 w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
          <Radix.Title className="mb-4 text-lg font-semibold text-slate-900">{title}</Radix.Title>
          {children}
        </Radix.Content>
      </Radix.Portal>
    </Radix.Root>
  )
}

/** A button that closes the dialog it is in. */
export const DialogClose = Radix.Close
