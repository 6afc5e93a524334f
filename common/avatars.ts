// Avatars are stored with a 130×130 preview beside them (`…/avatar.jpg` → `…/avatar-130.jpg`): the
// catalogue's cards, the profile's photo box and the header's menu button show the preview.

/** The preview's address of a stored avatar (an address of another shape is answered as it is). */
export function previewUrl(url: string): string {
  // String operations rather than a regular expression: every card of every catalogue page calls this.
  const dot = url.lastIndexOf('.')
  if (dot <= url.lastIndexOf('/') || dot === url.length - 1 || !EXTENSION.test(url.slice(dot + 1))) return url
  return `${url.slice(0, dot)}-130${url.slice(dot)}`
}
const EXTENSION = /^[a-z0-9]+$/i
