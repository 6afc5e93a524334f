// YouTube links (docs/product.md: "YouTube links are recognised by an 11-character video id"). Pure,
// shared by the server (which stores the id) and the panel (which previews it).

const ID = /^[A-Za-z0-9_-]{11}$/

/**
 * The video id of a bare id or a YouTube link: youtube.com/watch?v=, youtu.be/, /embed/, /shorts/,
 * /live/, /v/ (with or without www., m., music., the scheme, more query parameters). Null otherwise.
 */
export function youtubeId(input: string): string | null {
  const s = input.trim()
  if (ID.test(s)) return s
  let url: URL
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(s) ? s : `https://${s}`)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  const host = url.hostname.toLowerCase().replace(/^(www|m|music)\./, '')
  let id: string | null | undefined = null
  if (host === 'youtu.be') id = url.pathname.split('/')[1]
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const parts = url.pathname.split('/').filter(Boolean)
    if (parts[0] === 'watch') id = url.searchParams.get('v')
    else if (parts.length >= 2 && ['embed', 'shorts', 'live', 'v'].includes(parts[0]!)) id = parts[1]
  }
  return id && ID.test(id) ? id : null
}

export const youtubeThumbnail = (id: string) => `https://i.ytimg.com/vi/${id}/hqdefault.jpg`
export const youtubeWatchUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`
