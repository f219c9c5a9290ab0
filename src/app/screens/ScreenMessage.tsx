import type { ReactNode } from 'react'

/**
 * A light full-screen message (no illustration bundle): used by the 404 and error screens in the start-up chunk.
 * The icon is an SVG icon component, never an emoji (no emoji font on many devices and in headless Chromium).
 */
export function ScreenMessage({
  icon,
  title,
  description,
  children,
  testId,
}: {
  icon: ReactNode
  title: string
  description: string
  children: ReactNode
  testId: string
}) {
  return (
    <div className="screen-message" data-testid={testId}>
      <div className="screen-message-icon" style={{ color: 'var(--adm-color-weak)' }} aria-hidden>
        {icon}
      </div>
      <h1 className="screen-message-title">{title}</h1>
      <p className="screen-message-desc">{description}</p>
      <div className="screen-message-actions">{children}</div>
    </div>
  )
}
