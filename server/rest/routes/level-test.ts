// The English level test (docs/api.md#client-level-test `examination_tests`; the others are our paths,
// docs/decisions.md).
import { type Route, get, post } from '../adapter'

export const levelTestRoutes = [
  get('/client/examination_tests', (api) => api.public.levelTest.list),
  post('/client/examination_test/start', (api) => api.public.levelTest.start),
  get('/client/examination_test/attempt', (api) => api.public.levelTest.attempt),
  post('/client/examination_test/submit', (api) => api.public.levelTest.submit),
  get('/tutor/examination_test/badge', (api) => api.tutor.levelTest.badge),
  get('/admin/examination_questions/get', (api) => api.admin.levelTest.list),
  get('/admin/examination_question/get', (api) => api.admin.levelTest.get),
  post('/admin/examination_question/create', (api) => api.admin.levelTest.create),
  post('/admin/examination_question/save', (api) => api.admin.levelTest.save),
  post('/admin/examination_question/delete', (api) => api.admin.levelTest.delete),
] satisfies Route[]
