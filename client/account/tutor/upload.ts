// Multipart calls with upload progress. fetch() reports no upload progress, so the profile save (with
// new documents) and the avatar upload go through XMLHttpRequest to their REST paths. The answer is the
// contract's envelope; a failure is thrown shaped like a tRPC error (`data.envelope`), so the banner and
// the form's field errors read it the same way (client/lib/api-errors.ts).
import type { Envelope } from '../../../common/envelope'

export interface UploadProgress {
  loaded: number
  total: number
}

export class UploadError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly data: { envelope: Envelope } | null,
  ) {
    super(`upload failed: ${httpStatus}`)
  }
}

/** POSTs `form` to a REST path; resolves with the envelope's `data`. */
export function postMultipart<T>(
  path: string,
  form: FormData,
  onProgress?: (p: UploadProgress) => void,
  lang?: string,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', lang ? `${path}?lang=${encodeURIComponent(lang)}` : path)
    xhr.responseType = 'json'
    xhr.setRequestHeader('accept', 'application/json')
    if (onProgress)
      xhr.upload.onprogress = (e) => onProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : 0 })
    xhr.onload = () => {
      const body = xhr.response as ({ status: 'success'; data: T } | Envelope) | null
      if (xhr.status === 200 && body?.status === 'success') resolve(body.data)
      else reject(new UploadError(xhr.status, body && body.status !== 'success' ? { envelope: body } : null))
    }
    xhr.onerror = () => reject(new UploadError(0, null))
    xhr.send(form)
  })
}
