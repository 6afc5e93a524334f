// GET /docs/api: the OpenAPI document rendered as one readable HTML page (no script, no outside assets:
// it works offline and behind a strict CSP). Grouped by tag; each operation shows who may call it,
// its parameters or body schema and its answers; schemas fold away in <details>.
import { openApiDocument } from './document'

type Json = Record<string, unknown>

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
/** Markdown's `code` in the document's texts, as HTML. */
const prose = (s: string) => esc(s).replace(/`([^`]+)`/g, '<code>$1</code>')

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#0f172a;background:#f8fafc}
header,main{max-width:72rem;margin:0 auto;padding:1rem 1.25rem}
header{border-bottom:1px solid #e2e8f0;background:#fff;max-width:none}
h1{font-size:1.75rem;margin:.25rem 0}h2{margin-top:2.5rem;border-bottom:2px solid #cbd5e1}
h3{font-size:1.05rem;margin:0;word-break:break-all}
section.op{background:#fff;border:1px solid #e2e8f0;border-radius:.5rem;padding:.75rem 1rem;margin:.75rem 0}
.m{display:inline-block;min-width:3.5rem;text-align:center;font:600 .8rem/1.6 ui-monospace,monospace;border-radius:.25rem;margin-right:.5rem;color:#fff}
.GET{background:#1d4ed8}.POST{background:#047857}
pre{max-width:100%;box-sizing:border-box;background:#0f172a;color:#e2e8f0;padding:.75rem;border-radius:.375rem;overflow:auto;font-size:.8rem;max-height:28rem}
table{border-collapse:collapse;font-size:.9rem;display:block;max-width:100%;overflow-x:auto}td code{word-break:break-all}td,th{border:1px solid #e2e8f0;padding:.25rem .5rem;text-align:left;vertical-align:top}
nav ul{columns:12rem;padding-left:1.25rem}a{color:#1d4ed8}code{font-family:ui-monospace,monospace;overflow-wrap:anywhere}
p.access{color:#334155;margin:.25rem 0}
`

function schemaBlock(label: string, schema: unknown): string {
  if (!schema || (typeof schema === 'object' && Object.keys(schema).length === 0)) return ''
  return `<details><summary>${esc(label)}</summary><pre>${esc(JSON.stringify(schema, null, 2))}</pre></details>`
}

function resolveRef(doc: Json, node: unknown): unknown {
  const ref = (node as { $ref?: string } | null)?.$ref
  if (!ref) return node
  return ref
    .slice(2)
    .split('/')
    .reduce<unknown>((at, key) => (at as Json)[key], doc)
}

function operationHtml(doc: Json, path: string, method: string, op: Json): string {
  const params = (op.parameters ?? []) as { name: string; required: boolean; schema: Json }[]
  const body = op.requestBody as { content: Record<string, { schema: unknown }> } | undefined
  const responses = op.responses as Record<string, Json>
  const paramTable = params.length
    ? `<table><thead><tr><th scope="col">query parameter</th><th scope="col">required</th><th scope="col">schema</th></tr></thead><tbody>${params
        .map(
          (p) =>
            `<tr><td><code>${esc(p.name)}</code></td><td>${p.required ? 'yes' : 'no'}</td><td><code>${esc(JSON.stringify(p.schema))}</code></td></tr>`,
        )
        .join('')}</tbody></table>`
    : ''
  const bodySchema = body ? resolveRef(doc, Object.values(body.content)[0]?.schema) : undefined
  const answers = Object.entries(responses)
    .map(
      ([code, r]) => `<li><strong>${code}</strong> ${esc(String((resolveRef(doc, r) as Json).description ?? ''))}</li>`,
    )
    .join('')
  const ok = responses['200'] as { content?: Record<string, { schema: unknown }> }
  return `<section class="op" id="${esc(String(op.operationId))}">
<h3><span class="m ${method.toUpperCase()}">${method.toUpperCase()}</span><code>${esc(path)}</code></h3>
<p class="access">${prose(String(op.description ?? ''))}</p>
${paramTable}${schemaBlock('Request body (JSON, urlencoded or multipart)', bodySchema)}
<ul>${answers}</ul>${schemaBlock('Success answer', ok?.content?.['application/json']?.schema)}
</section>`
}

let page: string | null = null

export function apiReferencePage(): string {
  if (page) return page
  const doc = openApiDocument()
  const info = doc.info as { title: string; version: string; description: string }
  const byTag = new Map<string, string[]>()
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(item)) {
      const tag = (op.tags as string[])[0]!
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(doc, path, method, op)])
    }
  }
  const tags = doc.tags as { name: string; description: string }[]
  const count = [...byTag.values()].reduce((n, list) => n + list.length, 0)
  page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(info.title)} — reference</title><meta name="description" content="Every REST path of the marketplace: parameters, answers, who may call it.">
<meta name="robots" content="noindex"><style>${STYLE}</style></head><body>
<header><h1>${esc(info.title)} <small>${esc(info.version)}</small></h1><p>${prose(info.description)}</p>
<p>${count} operations. Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1).</p></header>
<main><nav aria-label="Groups"><ul>${tags.map((t) => `<li><a href="#tag-${esc(t.name)}">/${esc(t.name)}</a> (${byTag.get(t.name)?.length ?? 0})</li>`).join('')}</ul></nav>
${tags.map((t) => `<h2 id="tag-${esc(t.name)}">/${esc(t.name)} — ${esc(t.description)}</h2>${(byTag.get(t.name) ?? []).join('\n')}`).join('\n')}
</main></body></html>`
  return page
}
