// An SMTP server the test starts (the smtp-server package): it accepts every message (with or without
// AUTH) and keeps it, decoded enough to read: envelope, From, Subject (RFC 2047 words) and the text
// body (quoted-printable or base64).
import { SMTPServer } from 'smtp-server'

export interface SunkMail {
  from: string
  to: string[]
  /** The sender the AUTH command named (null without AUTH). */
  user: string | null
  headers: Record<string, string>
  subject: string
  text: string
  raw: string
}

function decodeWords(v: string): string {
  return v.replace(/\?=\s+=\?/g, '?==?').replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _cs: string, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
  )
}

function decodeBody(body: string, encoding: string): string {
  const e = encoding.toLowerCase()
  if (e === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (e === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)))
    return Buffer.from(bytes, 'latin1').toString('utf8')
  }
  return body
}

export function parseMail(raw: string): Pick<SunkMail, 'headers' | 'subject' | 'text'> {
  const split = raw.indexOf('\r\n\r\n')
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ')
  const headers: Record<string, string> = {}
  for (const line of head.split('\r\n')) {
    const i = line.indexOf(':')
    if (i > 0) headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim()
  }
  let body = raw.slice(split + 4)
  let encoding = headers['content-transfer-encoding'] ?? '7bit'
  const boundary = /boundary="?([^";]+)"?/.exec(headers['content-type'] ?? '')?.[1]
  if (boundary) {
    // multipart: the text/plain part
    const part = body.split(`--${boundary}`).find((p) => /content-type:\s*text\/plain/i.test(p)) ?? ''
    const s = part.indexOf('\r\n\r\n')
    encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(part.slice(0, s))?.[1] ?? '7bit'
    body = part.slice(s + 4)
  }
  return { headers, subject: decodeWords(headers.subject ?? ''), text: decodeBody(body, encoding).replace(/\r\n/g, '\n').trim() }
}

export async function startSmtpSink(): Promise<{ url: (user?: string, pass?: string) => string; port: number; mails: SunkMail[]; close(): Promise<void> }> {
  const mails: SunkMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, cb) {
      cb(null, { user: auth.username })
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('latin1')
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: (session.user as string | undefined) ?? null,
          raw,
          ...parseMail(raw),
        })
        cb()
      })
    },
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const port = (server.server.address() as { port: number }).port
  return {
    port,
    mails,
    url: (user, pass) => `smtp://${user ? `${encodeURIComponent(user)}:${encodeURIComponent(pass ?? '')}@` : ''}127.0.0.1:${port}`,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  }
}
