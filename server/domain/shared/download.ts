// The response of a private file download: the file with its type, size and name, never cached by a
// shared cache and never sniffed. A file someone uploaded is also sandboxed (no script runs from it,
// even opened directly).

/** Content-Disposition for a download: an ASCII fallback name and the UTF-8 one (RFC 6266 / 5987). */
export function attachmentDisposition(name: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_') || 'document'
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

export interface DownloadFile {
  /** The Content-Type. */
  type: string
  size: number
  /** The name the browser saves it under. */
  name: string
  /** Shown in the page (an image in the chat) rather than saved. */
  inline?: boolean
  /** An uploaded file: sandboxed, whatever its type claims. */
  uploaded?: boolean
}

export function downloadResponse(body: BodyInit, f: DownloadFile): Response {
  const headers: Record<string, string> = {
    'content-type': f.type,
    'content-length': String(f.size),
    'content-disposition': attachmentDisposition(f.name, f.inline ? 'inline' : 'attachment'),
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
  }
  if (f.uploaded) headers['content-security-policy'] = "default-src 'none'; sandbox"
  return new Response(body, { headers })
}
