// zod only: answer shapes shared by many procedures' `.output()` (issue 11, item 5).
import { z } from 'zod'

/**
 * A raw route's answer (a file download, an image, a redirect): the REST adapter passes a Response
 * through untouched (server/rest/adapter.ts), so its body is a stream, not JSON to describe.
 */
export const ZFileResponse = z.instanceof(Response)

/** A point in time as the database gives it; JSON carries it as an ISO text. */
export const zTimestamp = z.date()
