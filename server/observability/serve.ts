// GET /metrics: only to a bearer of METRICS_TOKEN; without the setting the path does not exist.
import { timingSafeEqual } from 'node:crypto'
import { json } from '../rest/adapter'
import { metricsText } from './metrics'

export async function metricsResponse(req: Request, token: string | undefined): Promise<Response> {
  if (!token || (req.method !== 'GET' && req.method !== 'HEAD'))
    return json({ status: 'fail', error: 'not_found' }, 404)
  const given = /^Bearer (.+)$/.exec(req.headers.get('authorization') ?? '')?.[1] ?? ''
  if (!sameSecret(given, token))
    return json(
      { status: 'fail', error: 'unauthorized' },
      401,
      new Headers({ 'www-authenticate': 'Bearer realm="metrics"' }),
    )
  const { body, contentType } = await metricsText()
  return new Response(body, { headers: { 'content-type': contentType, 'cache-control': 'no-store' } })
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}
