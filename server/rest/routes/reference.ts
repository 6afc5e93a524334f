// Reference data: the panel's calls per kind (docs/api.md#admin-reference-data) and the public reads the
// search form and the tutor profile form make (docs/api.md#public-reads, #other-public-calls).
import { any, get, post } from '../adapter'
import type { Route } from '../adapter'

export const referenceRoutes = [
  // Cities
  get('/admin/city/get', (api) => api.admin.reference.city.get),
  post('/admin/city/create', (api) => api.admin.reference.city.create),
  post('/admin/city/save', (api) => api.admin.reference.city.save),
  post('/admin/city/delete', (api) => api.admin.reference.city.delete),
  post('/admin/city/change_checkout', (api) => api.admin.reference.city.changeCheckout),
  any('/admin/cities', (api) => api.admin.reference.city.list),
  // Districts
  get('/admin/district/get', (api) => api.admin.reference.district.get),
  post('/admin/district/create', (api) => api.admin.reference.district.create),
  post('/admin/district/save', (api) => api.admin.reference.district.save),
  post('/admin/district/delete', (api) => api.admin.reference.district.delete),
  post('/admin/district/change_checkout', (api) => api.admin.reference.district.changeCheckout),
  any('/admin/districts', (api) => api.admin.reference.district.list),
  // Subdistricts
  get('/admin/subdistrict/get', (api) => api.admin.reference.subdistrict.get),
  post('/admin/subdistrict/create', (api) => api.admin.reference.subdistrict.create),
  post('/admin/subdistrict/save', (api) => api.admin.reference.subdistrict.save),
  post('/admin/subdistrict/delete', (api) => api.admin.reference.subdistrict.delete),
  post('/admin/subdistrict/change_checkout', (api) => api.admin.reference.subdistrict.changeCheckout),
  any('/admin/subdistricts', (api) => api.admin.reference.subdistrict.list),
  // Subjects
  get('/admin/lesson/get', (api) => api.admin.reference.lesson.get),
  post('/admin/lesson/create', (api) => api.admin.reference.lesson.create),
  post('/admin/lesson/save', (api) => api.admin.reference.lesson.save),
  post('/admin/lesson/delete', (api) => api.admin.reference.lesson.delete),
  post('/admin/lesson/change_checkout', (api) => api.admin.reference.lesson.changeCheckout),
  any('/admin/lessons', (api) => api.admin.reference.lesson.list),
  // Levels
  get('/admin/level/get', (api) => api.admin.reference.level.get),
  post('/admin/level/create', (api) => api.admin.reference.level.create),
  post('/admin/level/save', (api) => api.admin.reference.level.save),
  post('/admin/level/delete', (api) => api.admin.reference.level.delete),
  post('/admin/level/change_checkout', (api) => api.admin.reference.level.changeCheckout),
  any('/admin/levels', (api) => api.admin.reference.level.list),

  // Public reads: search form, location tree, tutor profile form
  get('/client/all_cities', (api) => api.public.reference.allCities),
  get('/client/all_subjects', (api) => api.public.reference.allSubjects),
  get('/client/all_districts', (api) => api.public.reference.allDistricts),
  get('/client/all_tags', (api) => api.public.reference.allTags),
  get('/client/all_tags_online', (api) => api.public.reference.allTagsOnline),
  get('/client/school_lessons', (api) => api.public.reference.schoolLessons),
  get('/api/resources/regions', (api) => api.public.reference.regions),
  get('/api/resources/cities', (api) => api.public.reference.cities),
  get('/api/resources/city_districts', (api) => api.public.reference.cityDistricts),
  get('/api/resources/tutor_profile', (api) => api.public.reference.tutorProfile),
] satisfies Route[]
