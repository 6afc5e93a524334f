// Durable jobs in the panel (our paths, docs/decisions.md#background-jobs).
import { type Route, get, post } from '../adapter'

export const jobRoutes = [
  get('/admin/system/jobs/get', (api) => api.admin.jobs.failed),
  post('/admin/system/jobs/retry', (api) => api.admin.jobs.retry),
] satisfies Route[]
