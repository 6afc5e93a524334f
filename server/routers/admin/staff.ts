// The staff-accounts router lives in ./admins.ts; kept under this name because app.ts mounts it as
// `admin.staff` (the paths /admin/admins and /admin/get call admin.staff.list and admin.staff.get).
export { adminsRouter as staffRouter } from './admins'
export { ZStaffList } from './admins.schema'
