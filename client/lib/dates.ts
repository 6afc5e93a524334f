// Values of <input type="datetime-local"> (local time, no zone) and ISO times.

/** ISO → the value of a datetime-local input (local time). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return ''
  const d = new Date(iso)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/** A datetime-local value → ISO (the browser's time zone). */
export function fromLocalInput(v: string): string {
  return new Date(v).toISOString()
}
