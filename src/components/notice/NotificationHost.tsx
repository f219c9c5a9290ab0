import { useSyncExternalStore } from 'react'
import { NOTIFICATION_DEFAULTS } from '../../config/constants'
import { NoticeMark } from './NoticeMark'
import { notificationStore } from './notificationStore'

/** Renders notifications stacked at the top right, 24 px from the edges. */
export function NotificationHost() {
  const items = useSyncExternalStore(notificationStore.subscribe, notificationStore.getSnapshot)
  if (items.length === 0) return null
  return (
    <div
      className="notification-host"
      style={{ top: NOTIFICATION_DEFAULTS.top, right: NOTIFICATION_DEFAULTS.right }}
      aria-live="polite"
    >
      {items.map((item) => (
        <div key={item.id} className={`notification notification-${item.kind}`} role="alert">
          <span className="notification-mark" aria-hidden>
            <NoticeMark kind={item.kind} />
          </span>
          <div className="notification-body">
            <div className="notification-title">{item.title}</div>
            {item.description && <div className="notification-desc">{item.description}</div>}
          </div>
          <button type="button" aria-label="关闭" onClick={() => notificationStore.close(item.id)}>
            {/* A Latin-1 glyph every font has, not an icon component: this host is on every first load. */}
            <span aria-hidden>×</span>
          </button>
        </div>
      ))}
    </div>
  )
}
