// Parameters of a documented REST call: the query string and the body together (JSON, urlencoded or
// multipart). Bracketed keys nest (`filters[text_search]`), `name[]` collects a list.

import { BodyTooLarge } from '../http/limits'

export type Params = Record<string, unknown>

export class MalformedBody extends Error {
  constructor(message = 'malformed body') {
    super(message)
    this.name = 'MalformedBody'
  }
}

/** Reads the body; cut off at the size limit (ours, or Bun's maxRequestBodySize) it is a 413, otherwise bad input. */
async function readBody<T>(read: () => Promise<T>, what: string): Promise<T> {
  try {
    return await read()
  } catch (err) {
    if (err instanceof BodyTooLarge || /maxRequestBodySize|too large/i.test(String((err as Error)?.message ?? err)))
      throw new BodyTooLarge()
    throw new MalformedBody(what)
  }
}

const UNSAFE_KEYS = new Set(['__proto__', 'prototype', 'constructor'])

function assign(target: Params, key: string, value: unknown) {
  const parts = key.replace(/\]/g, '').split('[')
  let node: Record<string, unknown> = target
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!
    if (UNSAFE_KEYS.has(part)) return
    const last = i === parts.length - 1
    const nextIsList = !last && parts[i + 1] === ''
    if (last) {
      if (part === '') return // handled by the parent as a list push
      node[part] = value
    } else if (nextIsList) {
      if (!Array.isArray(node[part])) node[part] = []
      ;(node[part] as unknown[]).push(value)
      return
    } else {
      const child = node[part]
      if (!child || typeof child !== 'object' || Array.isArray(child)) node[part] = {}
      node = node[part] as Record<string, unknown>
    }
  }
}

export function paramsFromEntries(entries: Iterable<[string, unknown]>, into: Params = {}): Params {
  for (const [key, value] of entries) assign(into, key, value)
  return into
}

/** Query first, then the body on top of it (a body field wins over a query field of the same name). */
export async function readParams(req: Request, url: URL): Promise<Params> {
  const params = paramsFromEntries(url.searchParams.entries())
  if (req.method === 'GET' || req.method === 'HEAD') return params
  const type = (req.headers.get('content-type') ?? '').toLowerCase()
  if (type.includes('application/json')) {
    const text = await readBody(() => req.text(), 'unreadable body')
    if (text.trim() === '') return params
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      throw new MalformedBody('malformed JSON')
    }
    if (Array.isArray(body)) params.items = body
    else if (body && typeof body === 'object')
      Object.assign(params, Object.fromEntries(Object.entries(body).filter(([k]) => !UNSAFE_KEYS.has(k))))
    else throw new MalformedBody('JSON body must be an object or a list')
    return params
  }
  if (type.includes('application/x-www-form-urlencoded')) {
    return paramsFromEntries(new URLSearchParams(await readBody(() => req.text(), 'unreadable body')).entries(), params)
  }
  if (type.includes('multipart/form-data')) {
    const form = await readBody(() => req.formData(), 'malformed multipart body')
    return paramsFromEntries(form.entries() as Iterable<[string, unknown]>, params)
  }
  // No or unknown content type: a body-less POST is fine; text that is JSON is accepted too.
  const text = await readBody(() => req.text(), 'unreadable body')
  if (text.trim() === '') return params
  try {
    const body = JSON.parse(text)
    if (body && typeof body === 'object' && !Array.isArray(body)) return Object.assign(params, body)
  } catch {
    /* fall through */
  }
  throw new MalformedBody('unsupported body')
}
