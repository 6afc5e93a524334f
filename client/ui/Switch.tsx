// An on/off switch that acts at once (a flag toggled inline in a table row): `checked` follows the
// server's answer, `busy` while the change is sent.
export function Switch({
  checked,
  onChange,
  label,
  busy,
  testId,
}: {
  checked: boolean
  onChange: (next: boolean) => void
  label: string
  busy?: boolean
  testId?: string
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      aria-busy={busy || undefined}
      disabled={busy}
      data-testid={testId}
      onClick={() => onChange(!checked)}
      className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:opacity-60 ${checked ? 'bg-emerald-600' : 'bg-slate-300'}`}
    >
      <span
        className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-5.5' : 'translate-x-0.5'}`}
      />
    </button>
  )
}
