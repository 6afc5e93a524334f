/** Ids toggled in a list (checkbox groups keep arrays of ids). */
export function toggled(list: number[], id: number, on: boolean): number[] {
  return on ? (list.includes(id) ? list : [...list, id]) : list.filter((x) => x !== id)
}
