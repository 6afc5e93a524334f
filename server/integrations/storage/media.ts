// Public media: GET /media/avatars/<tutor id>/<name>.jpg (and the -130 preview beside it) from file
// storage. Only the public namespaces are reachable; everything else answers 404.
//
// Hook (server/app.ts, in route(), in the GET/HEAD branch before the static files):
//   if (path.startsWith('/media/')) return serveMedia(fileStorage(services.env), req, path)
import { downloadResponse } from '../../domain/shared/download'
import { type FileStorage, isValidKey } from './storage'

// News images (server/domain/content/news-images.ts) are WebP; tutors' blog and ad images JPEG.
const MEDIA =
  /^\/media\/((?:avatars|tutor-content)\/\d{1,12}\/[A-Za-z0-9_-]{8,80}\.jpg|news\/\d{1,12}\/[A-Za-z0-9_-]{8,80}\.webp)$/

function notFound(): Response {
  return new Response(JSON.stringify({ status: 'fail', error: 'not_found' }), {
    status: 404,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  })
}

export async function serveMedia(storage: FileStorage, req: Request, path: string): Promise<Response> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return notFound()
  const key = MEDIA.exec(path)?.[1]
  if (!key || !isValidKey(key)) return notFound()
  const file = await storage.get(key)
  if (!file) return notFound()
  // Names are random and change with every new avatar or crop, so a copy never goes stale.
  return downloadResponse(req.method === 'HEAD' ? null : file.body(), {
    type: key.endsWith('.webp') ? 'image/webp' : 'image/jpeg',
    size: file.size,
    name: key.slice(key.lastIndexOf('/') + 1),
    inline: true,
    uploaded: true,
    cache: 'immutable',
  })
}
