export { toast, message, clearToasts } from './toast'
export { notify, notificationStore } from './notificationStore'
export type { NotificationItem } from './notificationStore'
export { NotificationHost } from './NotificationHost'
