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
  /**
   * `private` (the default): a private file, never kept by a shared cache. `immutable`: a public file
   * whose name changes with its content (a tutor's avatar, a news image), kept for a year.
   */
  cache?: 'private' | 'immutable'
}

/** A stored file as the services read it (a tutor's document, a billing document, a chat image). */
export interface StoredFile {
  body: BodyInit | null
  mime: string
  size: number
  name: string
}

/** The one response of a file download: the routers' files, the invoices and the public media. */
export function downloadResponse(body: BodyInit | null, f: DownloadFile): Response {
  const headers: Record<string, string> = {
    'content-type': f.type,
    'content-length': String(f.size),
    'content-disposition': attachmentDisposition(f.name, f.inline ? 'inline' : 'attachment'),
    'x-content-type-options': 'nosniff',
    'cache-control': f.cache === 'immutable' ? 'public, max-age=31536000, immutable' : 'private, no-store',
  }
  if (f.uploaded) headers['content-security-policy'] = "default-src 'none'; sandbox"
  return new Response(body, { headers })
}

/** A file someone uploaded, as a download (sandboxed); `inline` shows it in the page (a chat image). */
export function uploadedFileResponse(file: StoredFile, opts: { inline?: boolean } = {}): Response {
  return downloadResponse(file.body, {
    type: file.mime,
    size: file.size,
    name: file.name,
    inline: opts.inline,
    uploaded: true,
  })
}
