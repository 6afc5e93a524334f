// The two answers of the developer API's description: the document and its rendered reference.
// Both are built once per process and served from memory (the compression layer gzips them).
import { openApiDocument } from './document'
import { apiReferencePage } from './reference-page'

let documentText: string | null = null

export function openApiResponse(): Response {
  documentText ??= JSON.stringify(openApiDocument())
  return new Response(documentText, {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'public, max-age=300',
      'access-control-allow-origin': '*',
    },
  })
}

export function apiReferenceResponse(): Response {
  return new Response(apiReferencePage(), {
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=300' },
  })
}
