// The tutor's billing data (docs/api.md#admin-tutors, #tutor-billing-data "Billing"): read, save
// (multipart with billing and address documents), the staff decision (approve, or reject with a
// comment) and staff clearing one field. Status: none (never saved) → pending on every save (also a
// save of approved data: staff look again) → approved | rejected by staff; clearing a field by staff
// makes it rejected (the tutor fills it again and saves, back to pending). Documents are private:
// read by the tutor who owns them and by staff of the tutors area only. Every change is audited.
import { sql } from 'kysely'
import { DomainError, FieldErrors, addFieldError, forbidden, notFound, wrongStatus } from '../../../common/errors'
import { staffMayAccess } from '../../../common/staff-areas'
import {
  BILLING_TEXT_FIELDS,
  type BillingAnswer,
  type BillingClearable,
  type BillingFields,
  billingSchema,
  requiredBillingFields,
} from '../../../common/schemas/tutor/billing.schema'
import { msg } from '../../../i18n/format'
import type { Identity } from '../auth/sessions'
import { type FileStorage, keyOf, randomName } from '../../integrations/storage/storage'
import { type Executor, audit } from '../shared/audit'
import { parseOrFieldErrors } from '../shared/parse'
import type { Scope } from '../shared/scope'
import { type CheckedUpload, FILE_MESSAGES, MAX_DOCUMENTS_PER_SAVE, checkUpload, nameWithExt } from '../tutors/files'
import type { DocumentFile } from '../tutors/documents'

/** Documents kept per tutor (both kinds together). */
export const MAX_BILLING_DOCUMENTS = 20
export const DOCUMENT_PATH = '/tutor/billing_data/document'

type Kind = 'billing' | 'address'
const FILE_FIELD: Record<Kind, 'new_billing_documents' | 'new_address_documents'> = {
  billing: 'new_billing_documents',
  address: 'new_address_documents',
}

const EMPTY: BillingAnswer['billing_data'] = {
  is_company: false,
  full_name: '',
  company_name: '',
  tax_id: '',
  address: '',
  postal_code: '',
  city: '',
  country: '',
  iban: '',
}

async function tutorExists(db: Executor, tutorId: number) {
  const row = await db
    .selectFrom('tutors')
    .select('id')
    .where('id', '=', tutorId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  if (!row) throw notFound()
}

/** The billing record as both the tutor and staff see it. */
export async function billingAnswer(
  scope: Pick<Scope, 'db' | 'edition'>,
  tutorId: number,
  db: Executor = scope.db,
): Promise<BillingAnswer> {
  const row = await db.selectFrom('billing_data').selectAll().where('tutor_id', '=', tutorId).executeTakeFirst()
  const docs = await db
    .selectFrom('billing_documents')
    .select(['id', 'kind', 'original_name', 'mime', 'size', 'created_at'])
    .where('tutor_id', '=', tutorId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute()
  const data = row
    ? { ...EMPTY, ...Object.fromEntries(BILLING_TEXT_FIELDS.map((f) => [f, row[f]])), is_company: row.is_company }
    : EMPTY
  return {
    tutor_id: tutorId,
    billing_data: data,
    status: (row?.status ?? 'none') as BillingAnswer['status'],
    reject_comment: row?.reject_comment ?? '',
    updated_at: row?.updated_at.toISOString() ?? null,
    decided_at: row?.decided_at?.toISOString() ?? null,
    documents: docs.map((d) => ({
      id: d.id,
      kind: d.kind as Kind,
      name: d.original_name,
      mime: d.mime,
      size: d.size,
      url: `${DOCUMENT_PATH}?id=${d.id}`,
      created_at: d.created_at.toISOString(),
    })),
    required: requiredBillingFields(scope.edition),
    billing_data_required: scope.edition.billingData,
    tax_percent: scope.edition.tax,
  }
}

function meTutor(scope: Scope): number {
  if (scope.actor.kind !== 'tutor' || !scope.actor.id) throw forbidden()
  return scope.actor.id
}

/** GET /tutor/billing_data/get */
export async function getBillingData(scope: Scope): Promise<BillingAnswer> {
  return billingAnswer(scope, meTutor(scope))
}

/** GET /admin/tutor/billing_data/get?tutor_id (the panel's tutor editor). */
export async function staffGetBillingData(scope: Scope, input: { tutor_id: number }): Promise<BillingAnswer> {
  await tutorExists(scope.db, input.tutor_id)
  return billingAnswer(scope, input.tutor_id)
}

function parseBillingField(raw: unknown): unknown {
  if (raw === undefined || raw === null || raw === '')
    throw new FieldErrors({ billing_data: [msg('validation.required')] })
  if (typeof raw !== 'string') return raw
  try {
    return JSON.parse(raw)
  } catch {
    throw new DomainError('bad_request')
  }
}

async function checkFiles(files: unknown[], field: string, errors: Record<string, string[]>): Promise<CheckedUpload[]> {
  if (files.length > MAX_DOCUMENTS_PER_SAVE) {
    addFieldError(errors, field, FILE_MESSAGES.tooManyAtOnce)
    return []
  }
  const out: CheckedUpload[] = []
  for (const file of files) {
    const checked = await checkUpload(file, ['pdf', 'jpg', 'png'], {
      type: FILE_MESSAGES.documentType,
      tooLarge: FILE_MESSAGES.tooLarge,
      pixels: FILE_MESSAGES.documentPixels,
    })
    if ('error' in checked) addFieldError(errors, field, checked.error)
    else out.push(checked)
  }
  return out
}

export interface SaveBillingInput {
  billing_data: unknown
  new_billing_documents?: unknown[]
  new_address_documents?: unknown[]
}

/**
 * POST /tutor/billing_data/save: the whole form (fields not sent are emptied: the form always sends
 * all), new documents of both kinds, the documents to keep. Any save puts the record to pending and
 * clears the earlier staff decision.
 */
export async function saveBillingData(
  scope: Scope,
  input: SaveBillingInput,
  storage: FileStorage,
): Promise<BillingAnswer> {
  const me = meTutor(scope)
  const errors: Record<string, string[]> = {}
  let data: BillingFields | null = null
  try {
    data = parseOrFieldErrors(billingSchema(scope.edition), parseBillingField(input.billing_data))
  } catch (err) {
    if (!(err instanceof FieldErrors)) throw err
    Object.assign(errors, err.fields)
  }
  const uploads: { kind: Kind; upload: CheckedUpload }[] = []
  for (const kind of ['billing', 'address'] as const) {
    for (const upload of await checkFiles(input[FILE_FIELD[kind]] ?? [], FILE_FIELD[kind], errors))
      uploads.push({ kind, upload })
  }
  if (!data || Object.keys(errors).length) throw new FieldErrors(errors)
  const fields = data

  const stored: { kind: Kind; upload: CheckedUpload; key: string }[] = []
  try {
    for (const u of uploads) {
      const key = keyOf('documents', me, randomName())
      await storage.put(key, u.upload.bytes, u.upload.mime)
      stored.push({ ...u, key })
    }
    const removedKeys = await scope.db.transaction().execute(async (trx) => {
      await trx.selectFrom('tutors').select('id').where('id', '=', me).forUpdate().executeTakeFirstOrThrow()
      const values = {
        ...Object.fromEntries(BILLING_TEXT_FIELDS.map((f) => [f, fields[f]])),
        is_company: fields.is_company,
      }
      await trx
        .insertInto('billing_data')
        .values({ tutor_id: me, ...values, status: 'pending', reject_comment: '' })
        .onConflict((oc) =>
          oc.column('tutor_id').doUpdateSet({
            ...values,
            status: 'pending',
            reject_comment: '',
            decided_at: null,
            decided_by: null,
            updated_at: sql<Date>`now()`,
          }),
        )
        .execute()
      const current = await trx
        .selectFrom('billing_documents')
        .select(['id', 'storage_key'])
        .where('tutor_id', '=', me)
        .where('deleted_at', 'is', null)
        .forUpdate()
        .execute()
      let removed: typeof current = []
      if (fields.documents) {
        const keep = new Set(fields.documents)
        const own = new Set(current.map((d) => d.id))
        if ([...keep].some((id) => !own.has(id))) throw new FieldErrors({ documents: [msg('validation.invalid')] })
        removed = current.filter((d) => !keep.has(d.id))
        if (removed.length)
          await trx
            .updateTable('billing_documents')
            .set({ deleted_at: sql<Date>`now()` })
            .where(
              'id',
              'in',
              removed.map((d) => d.id),
            )
            .execute()
      }
      if (current.length - removed.length + stored.length > MAX_BILLING_DOCUMENTS)
        throw new FieldErrors({ new_billing_documents: [FILE_MESSAGES.tooManyStored] })
      const added = stored.length
        ? await trx
            .insertInto('billing_documents')
            .values(
              stored.map((s) => ({
                tutor_id: me,
                kind: s.kind,
                storage_key: s.key,
                original_name: nameWithExt(s.upload.name, s.upload.ext),
                mime: s.upload.mime,
                size: s.upload.bytes.byteLength,
              })),
            )
            .returning('id')
            .execute()
        : []
      await audit(trx, scope.actor, {
        action: 'billing_data.save',
        entity: 'tutor',
        id: me,
        data: {
          documents_added: added.map((a) => a.id),
          documents_removed: removed.map((d) => d.id),
          is_company: fields.is_company,
        },
      })
      return removed.map((d) => d.storage_key)
    })
    await Promise.allSettled(removedKeys.map((key) => storage.delete(key)))
  } catch (err) {
    await Promise.allSettled(stored.map((s) => storage.delete(s.key)))
    throw err
  }
  return billingAnswer(scope, me)
}

/** POST /admin/tutor/billing_data/approve {tutor_id, approve, reject_comment, updated_at?}: a rejection needs its comment. */
export async function staffDecideBillingData(
  scope: Scope,
  input: { tutor_id: number; approve: boolean; reject_comment: string; updated_at?: string },
): Promise<BillingAnswer> {
  if (!input.approve && !input.reject_comment) throw new FieldErrors({ reject_comment: [msg('validation.required')] })
  return scope.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('billing_data')
      .select(['status', 'updated_at'])
      .where('tutor_id', '=', input.tutor_id)
      .forUpdate()
      .executeTakeFirst()
    if (!row) throw notFound()
    // The tutor saved after staff opened the data: the decision would be about data nobody looked at.
    if (input.updated_at && input.updated_at !== row.updated_at.toISOString()) throw wrongStatus()
    const status = input.approve ? 'approved' : 'rejected'
    await trx
      .updateTable('billing_data')
      .set({
        status,
        reject_comment: input.approve ? '' : input.reject_comment,
        decided_at: scope.now(),
        decided_by: scope.actor.id,
      })
      .where('tutor_id', '=', input.tutor_id)
      .execute()
    await audit(trx, scope.actor, {
      action: input.approve ? 'billing_data.approve' : 'billing_data.reject',
      entity: 'tutor',
      id: input.tutor_id,
      data: {
        from: row.status,
        to: status,
        ...(input.approve ? {} : { reject_comment: input.reject_comment }),
      },
    })
    return billingAnswer(scope, input.tutor_id, trx)
  })
}

/**
 * POST /admin/tutor/billing_data/clear_once_field {tutor_id, field}: empties one field (or removes all
 * documents of one kind); the record becomes rejected so the tutor fills it again.
 */
export async function staffClearBillingField(
  scope: Scope,
  input: { tutor_id: number; field: BillingClearable },
  storage: FileStorage,
): Promise<BillingAnswer> {
  const { answer, keys } = await scope.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('billing_data')
      .select(['status'])
      .where('tutor_id', '=', input.tutor_id)
      .forUpdate()
      .executeTakeFirst()
    if (!row) throw notFound()
    let keys: string[] = []
    if (input.field === 'billing_documents' || input.field === 'address_documents') {
      const removed = await trx
        .updateTable('billing_documents')
        .set({ deleted_at: sql<Date>`now()` })
        .where('tutor_id', '=', input.tutor_id)
        .where('kind', '=', input.field === 'billing_documents' ? 'billing' : 'address')
        .where('deleted_at', 'is', null)
        .returning('storage_key')
        .execute()
      keys = removed.map((r) => r.storage_key)
    } else {
      await trx
        .updateTable('billing_data')
        .set({ [input.field]: '' })
        .where('tutor_id', '=', input.tutor_id)
        .execute()
    }
    await trx
      .updateTable('billing_data')
      .set({ status: 'rejected', decided_at: scope.now(), decided_by: scope.actor.id })
      .where('tutor_id', '=', input.tutor_id)
      .execute()
    await audit(trx, scope.actor, {
      action: 'billing_data.clear_field',
      entity: 'tutor',
      id: input.tutor_id,
      data: { field: input.field, from: row.status, to: 'rejected', documents_removed: keys.length },
    })
    return { answer: await billingAnswer(scope, input.tutor_id, trx), keys }
  })
  await Promise.allSettled(keys.map((key) => storage.delete(key)))
  return answer
}

/** GET /tutor/billing_data/document?id: the owner tutor or staff of the tutors area; others learn nothing. */
export async function readBillingDocument(
  scope: Pick<Scope, 'db'>,
  input: { identity: Identity | null; id: number },
  storage: FileStorage,
): Promise<DocumentFile> {
  const { identity } = input
  if (!identity) throw new DomainError('unauthorized')
  const staffMay = !!identity.staff && staffMayAccess(identity.staff.status, 'tutors')
  if (!staffMay && !identity.tutor) throw forbidden()
  const doc = await scope.db
    .selectFrom('billing_documents')
    .select(['tutor_id', 'storage_key', 'original_name', 'mime'])
    .where('id', '=', input.id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  if (!doc || (!staffMay && doc.tutor_id !== identity.tutor?.id)) throw notFound()
  const file = await storage.get(doc.storage_key)
  if (!file) throw notFound()
  return { name: doc.original_name, mime: doc.mime, size: file.size, body: file.body() }
}
