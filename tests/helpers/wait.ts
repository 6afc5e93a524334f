// Waiting for a condition instead of sleeping a fixed time: fast when the condition holds early,
// and a timeout that names what was awaited when it never does.

/** Polls `predicate` (sync or async) until it returns a truthy value, which it resolves with. */
export async function waitFor<T>(
  predicate: () => T | Promise<T>,
  opts: { timeout?: number; interval?: number; what?: string } = {},
): Promise<NonNullable<T>> {
  const { timeout = 5000, interval = 10, what = 'condition' } = opts
  const deadline = Date.now() + timeout
  for (;;) {
    const value = await predicate()
    if (value) return value as NonNullable<T>
    if (Date.now() > deadline) throw new Error(`waitFor: ${what} not met in ${timeout} ms`)
    await new Promise((resolve) => setTimeout(resolve, interval))
  }
}
