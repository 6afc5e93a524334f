import { sql } from 'kysely'
import type { Db } from '../../../db/client'
import type { Scope } from '../shared/scope'
import { jsonb } from '../../../db/jsonb'
import { type Executor, audit } from '../shared/audit'

/** Known settings and their defaults. */
export const SETTING_DEFAULTS = {
  /** Whether offline lessons matching the transfer settings go to the school site. */
  transfer_offline_lesson: false as boolean,
  /** SEO core files; null robots_txt means the generated default. */
  seo_resources: { robots_txt: null } as { robots_txt: string | null },
}
export type SettingKey = keyof typeof SETTING_DEFAULTS

export async function getSetting<K extends SettingKey>(
  db: Db | Executor,
  key: K,
): Promise<(typeof SETTING_DEFAULTS)[K]> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst()
  return (row?.value ?? SETTING_DEFAULTS[key]) as (typeof SETTING_DEFAULTS)[K]
}

export async function setSetting<K extends SettingKey>(
  { db, actor }: Pick<Scope, 'db' | 'actor'>,
  { key, value }: { key: K; value: (typeof SETTING_DEFAULTS)[K] },
) {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('settings')
      .values({ key, value: jsonb(value), updated_by_staff_id: actor.id })
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({ value: sql`excluded.value`, updated_by_staff_id: actor.id, updated_at: sql`now()` }),
      )
      .execute()
    await audit(trx, actor, { action: 'settings.set', entity: 'settings', id: null, data: { key, value } })
  })
}
