// Tutor blogs and ads (docs/api.md#admin-ads-and-blogs "Ads", "Blogs"; #tutor-blog-and-ads "Blog", "Ads";
// #public-reads).
import { type Route, get, post } from '../adapter'

export const blogAdRoutes = [
  // The tutor
  get('/tutor/resources/blog_rules', (api) => api.tutor.blog.rules),
  post('/tutor/blog/create', (api) => api.tutor.blog.create),
  get('/tutor/blog/get', (api) => api.tutor.blog.get),
  post('/tutor/blog/save', (api) => api.tutor.blog.save),
  get('/tutor/blogs/get', (api) => api.tutor.blog.list),
  post('/tutor/blog/add_image', (api) => api.tutor.blog.addImage),
  get('/tutor/resources/ad_rules', (api) => api.tutor.ads.rules),
  post('/tutor/ad/create', (api) => api.tutor.ads.create),
  post('/tutor/ad/save', (api) => api.tutor.ads.save),
  get('/tutor/ad/get', (api) => api.tutor.ads.get),
  get('/tutor/ads/get', (api) => api.tutor.ads.list),
  post('/tutor/ad/add_image', (api) => api.tutor.ads.addImage),
  post('/tutor/ad/remove_image', (api) => api.tutor.ads.removeImage),
  post('/tutor/ad/change_status', (api) => api.tutor.ads.changeStatus),
  // Staff
  get('/admin/blog/get', (api) => api.admin.blogs.get),
  post('/admin/blog/save', (api) => api.admin.blogs.save),
  post('/admin/blog/set_deleted', (api) => api.admin.blogs.setDeleted),
  post('/admin/blogs/get', (api) => api.admin.blogs.list),
  post('/admin/blog/set_mark', (api) => api.admin.blogs.setMark),
  post('/admin/blog/set_published', (api) => api.admin.blogs.setPublished),
  post('/admin/blog/set_need_revision', (api) => api.admin.blogs.setNeedRevision),
  post('/admin/blog/add_image', (api) => api.admin.blogs.addImage),
  post('/admin/blog/check_uniqueness', (api) => api.admin.blogs.checkUniqueness),
  get('/admin/ad/get', (api) => api.admin.ads.get),
  post('/admin/ad/save', (api) => api.admin.ads.save),
  post('/admin/ad/set_deleted', (api) => api.admin.ads.setDeleted),
  post('/admin/ads/get', (api) => api.admin.ads.list),
  post('/admin/ad/set_published', (api) => api.admin.ads.setPublished),
  post('/admin/ad/change_status', (api) => api.admin.ads.changeStatus),
  post('/admin/ad/set_need_revision', (api) => api.admin.ads.setNeedRevision),
  post('/admin/ad/add_image', (api) => api.admin.ads.addImage),
  post('/admin/ad/remove_image', (api) => api.admin.ads.removeImage),
  // Visitors
  get('/client/blogs', (api) => api.public.content.blogs),
  get('/client/blog/get', (api) => api.public.content.blog),
  post('/client/blog/set_rating', (api) => api.public.content.rateBlog),
  get('/client/ads', (api) => api.public.content.ads),
] satisfies Route[]
