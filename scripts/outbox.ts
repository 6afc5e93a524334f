// bun run scripts/outbox.ts [--to ADDRESS] [--last N] — the e-mails and SMS the app "sent", as JSON lines.
import { flags, openCliDatabase } from './cli-db'

const f = flags(process.argv.slice(2))
const last = Math.max(1, Math.min(10000, Number(f.last ?? 50) || 50))
const { handle } = await openCliDatabase()
try {
  let q = handle.db
    .selectFrom('outbox')
    .select(['id', 'channel', 'recipient', 'subject', 'body', 'transport', 'status', 'created_at'])
  if (f.to) q = q.where('recipient', '=', f.to.toLowerCase().includes('@') ? f.to.toLowerCase() : f.to)
  const rows = await q.orderBy('id', 'desc').limit(last).execute()
  for (const r of rows.reverse())
    console.log(
      JSON.stringify({
        id: r.id,
        channel: r.channel,
        to: r.recipient,
        subject: r.subject,
        body: r.body,
        transport: r.transport,
        status: r.status,
        created_at: r.created_at.toISOString(),
      }),
    )
} finally {
  await handle.close()
}
