// Staff calls for reference data (docs/api.md#admin-telephony): get, create, save, delete, list and
// change_checkout for each kind, in the panel area of the kind (docs/product.md#2-screens-and-routes).
import type { z } from 'zod'
import type { ReferenceFields, ReferenceKind } from '../../domain/reference/reference'
import {
  changeCheckout,
  createReference,
  deleteReference,
  getReference,
  listReference,
  saveReference,
} from '../../domain/reference/staff'
import type { StaffArea } from '../../../common/staff-areas'
import { t } from '../../trpc/init'
import { staffProcedure } from '../../trpc/procedures'
import {
  CityInputs,
  DistrictInputs,
  LessonInputs,
  LevelInputs,
  SubdistrictInputs,
  ZReferenceDeleted,
  ZReferenceEntity,
  ZReferenceList,
  ZReferenceListAnswer,
} from '../../../common/schemas/admin/reference.schema'

/** The four input shapes of a kind, each parsed into the one form its procedure reads. */
interface KindInputs<C, S, B, X> {
  create: C
  save: S
  byId: B
  checkout: X
}

function kindRouter<
  C extends z.ZodType<{ entity: ReferenceFields }>,
  S extends z.ZodType<{ id: number; entity: ReferenceFields }>,
  B extends z.ZodType<{ id: number }>,
  X extends z.ZodType<{ id: number; field: string; value: boolean }>,
>(kind: ReferenceKind, area: StaffArea, inputs: KindInputs<C, S, B, X>) {
  const staff = staffProcedure(area)
  return t.router({
    get: staff
      .input(inputs.byId)
      .output(ZReferenceEntity)
      .query(({ ctx, input }) => getReference(ctx.scope, { kind, ...input })),
    create: staff
      .input(inputs.create)
      .output(ZReferenceEntity)
      .mutation(({ ctx, input }) => createReference(ctx.scope, { kind, ...input })),
    save: staff
      .input(inputs.save)
      .output(ZReferenceEntity)
      .mutation(({ ctx, input }) => saveReference(ctx.scope, { kind, ...input })),
    delete: staff
      .input(inputs.byId)
      .output(ZReferenceDeleted)
      .mutation(({ ctx, input }) => deleteReference(ctx.scope, { kind, ...input })),
    list: staff
      .input(ZReferenceList)
      .output(ZReferenceListAnswer)
      .query(({ ctx, input }) => listReference(ctx.scope, { kind, page: input?.page ?? 1, filters: input?.filters })),
    changeCheckout: staff
      .input(inputs.checkout)
      .output(ZReferenceEntity)
      .mutation(({ ctx, input }) => changeCheckout(ctx.scope, { kind, ...input })),
  })
}

export const referenceAdminRouter = t.router({
  city: kindRouter('city', 'cities', CityInputs),
  district: kindRouter('district', 'districts', DistrictInputs),
  subdistrict: kindRouter('subdistrict', 'subdistricts', SubdistrictInputs),
  lesson: kindRouter('lesson', 'lessons', LessonInputs),
  level: kindRouter('level', 'levels', LevelInputs),
})
