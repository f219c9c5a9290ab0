export { errorMessage, StudioApiError, studioRequest } from './client'
export { studioApi } from './endpoints'
export { keys, useAudit, usePage, usePages, useStaffList, useVersions } from './hooks'
export type * from './types'
