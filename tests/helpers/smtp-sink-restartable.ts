// The tests' SMTP server (the smtp-server package), started by the test: it accepts every message (with or
// without AUTH, any credentials) and keeps it, decoded enough to read — envelope, the AUTH user, headers,
// Subject (RFC 2047 words), Message-ID and the text body (quoted-printable or base64; of a multipart message
// its text/plain part). It can be stopped and started again on the same port, to play an SMTP outage.
// (One sink for the message templates' and the jobs' tests.)
import { SMTPServer } from 'smtp-server'

export interface SinkMail {
  from: string
  to: string[]
  /** The user the AUTH command named (null without AUTH). */
  user: string | null
  headers: Record<string, string>
  subject: string
  messageId: string
  text: string
  raw: string
}

/** RFC 2047 encoded words (=?UTF-8?B?…?= / =?UTF-8?Q?…?=), as nodemailer writes a non-ASCII header. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\s*\r?\n\s+/g, ' ')
    .replace(/=\?([^?]+)\?([bBqQ])\?([^?]*)\?=(\s+(?==\?))?/g, (_, _cs, enc: string, text: string) => {
      if (enc.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8')
      const bytes = text
        .replace(/_/g, ' ')
        .replace(/=([0-9A-Fa-f]{2})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)))
      return Buffer.from(bytes, 'latin1').toString('utf8')
    })
}

function decodeBody(body: string, encoding: string): string {
  const e = encoding.toLowerCase()
  if (e === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (e === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-Fa-f]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)))
    return Buffer.from(bytes, 'latin1').toString('utf8')
  }
  return Buffer.from(body, 'latin1').toString('utf8')
}

/** A raw message (read as latin1 bytes) → its headers (lower-case names, values as sent), decoded subject and text. */
export function parseMail(raw: string): Pick<SinkMail, 'headers' | 'subject' | 'messageId' | 'text'> {
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
    const part = body.split(`--${boundary}`).find((p) => /content-type:\s*text\/plain/i.test(p)) ?? ''
    const s = part.indexOf('\r\n\r\n')
    encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(part.slice(0, s))?.[1] ?? '7bit'
    body = part.slice(s + 4)
  }
  return {
    headers,
    subject: decodeHeader(headers.subject ?? ''),
    messageId: decodeHeader(headers['message-id'] ?? ''),
    text: decodeBody(body, encoding).replace(/\r\n/g, '\n').trim(),
  }
}

export class SmtpSink {
  readonly mails: SinkMail[] = []
  private server: SMTPServer | null = null
  port = 0

  async start(): Promise<this> {
    const server = new SMTPServer({
      authOptional: true,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth(auth, _session, cb) {
        cb(null, { user: auth.username })
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = []
        stream.on('data', (c: Buffer) => chunks.push(c))
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('latin1')
          this.mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            user: (session.user as string | undefined) ?? null,
            raw,
            ...parseMail(raw),
          })
          callback()
        })
      },
    })
    await new Promise<void>((ok, fail) => {
      server.once('error', fail)
      server.listen(this.port, '127.0.0.1', () => ok())
    })
    this.port = (server.server.address() as { port: number }).port
    this.server = server
    return this
  }

  /** Stops listening (the port stays this sink's: start() opens it again). */
  async stop() {
    const s = this.server
    this.server = null
    if (s) await new Promise<void>((ok) => s.close(() => ok()))
  }

  /** The SMTP URL without credentials. */
  get url() {
    return this.urlWith()
  }

  /** The SMTP URL, with AUTH credentials when a user is given. */
  urlWith(user?: string, pass?: string) {
    return `smtp://${user ? `${encodeURIComponent(user)}:${encodeURIComponent(pass ?? '')}@` : ''}127.0.0.1:${this.port}`
  }

  to(address: string) {
    return this.mails.filter((m) => m.to.includes(address))
  }
}
