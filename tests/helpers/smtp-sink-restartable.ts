// The jobs tests' sink: stops and starts on the same port to play an SMTP outage. (tests/helpers/smtp-sink.ts is the
// message templates' one; the two should become one.)
// An SMTP server the test starts (smtp-server): what it receives, with the subject decoded. It can be
// stopped and started again on the same port, to play an SMTP outage.
import { SMTPServer } from 'smtp-server'

export interface SinkMail {
  to: string[]
  subject: string
  messageId: string
  raw: string
}

/** RFC 2047 encoded words (=?UTF-8?B?…?= / =?UTF-8?Q?…?=), as nodemailer writes a non-ASCII subject. */
export function decodeHeader(value: string): string {
  return value.replace(/\s*\r?\n\s+/g, ' ').replace(/=\?([^?]+)\?([bBqQ])\?([^?]*)\?=(\s+(?==\?))?/g, (_, _cs, enc: string, text: string) => {
    if (enc.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8')
    const bytes = text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)))
    return Buffer.from(bytes, 'latin1').toString('utf8')
  })
}

function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? ''
  const m = new RegExp(`^${name}:(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head)
  return m ? decodeHeader(m[1]!.trim()) : ''
}

export class SmtpSink {
  readonly mails: SinkMail[] = []
  private server: SMTPServer | null = null
  port = 0

  async start(): Promise<this> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = []
        stream.on('data', (c: Buffer) => chunks.push(c))
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8')
          this.mails.push({ to: session.envelope.rcptTo.map((r) => r.address), subject: header(raw, 'Subject'), messageId: header(raw, 'Message-ID'), raw })
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

  get url() {
    return `smtp://127.0.0.1:${this.port}`
  }

  to(address: string) {
    return this.mails.filter((m) => m.to.includes(address))
  }
}
