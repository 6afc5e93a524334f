// GET /admin/resources/tutor_rules: what the panel's tutor screens follow — the status values, the
// toggles, the list's sort keys, the upload limits and the ranking's points table.
import { z } from 'zod'

export const ZTutorRules = z.strictObject({
  statuses: z.strictObject({ new: z.number(), published: z.number(), school: z.number() }),
  toggles: z.array(z.string()),
  sorts: z.array(z.string()),
  avatar: z.strictObject({
    types: z.array(z.string()),
    max_bytes: z.number(),
    max_pixels: z.number(),
    max_side: z.number(),
    preview_size: z.number(),
  }),
  documents: z.strictObject({ max_bytes: z.number(), per_save: z.number(), per_tutor: z.number() }),
  /** Rating points: the most each source gives (ignored requests: the most taken away). */
  ranking: z.array(z.strictObject({ reason: z.string(), max: z.number() })),
})
