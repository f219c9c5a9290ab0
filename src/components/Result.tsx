// A big status mark with a title and a description (投保成功, 核保结论…), with antd-mobile Result's API subset,
// look and class names. Its five status icons came as antd-mobile-icons' path data (about 4 KiB gzip on every
// purchase step); these are a circle and a stroke each.
import type { ReactNode } from 'react'
import './Result.css'

export type ResultStatus = 'success' | 'error' | 'info' | 'waiting' | 'warning'

const MARK: Record<ResultStatus, ReactNode> = {
  success: <path d="M15 24.5l6 6 12-13" />,
  error: <path d="M17 17l14 14M31 17L17 31" />,
  info: <path d="M24 21.5V34M24 14.5v.5" />,
  waiting: <path d="M24 14v10.5l7 4" />,
  warning: <path d="M24 14v12.5M24 33.5v.5" />,
}

export interface ResultProps {
  status?: ResultStatus
  title: ReactNode
  description?: ReactNode
}

export function Result({ status = 'info', title, description }: ResultProps) {
  return (
    <div className={`adm-result adm-result-${status}`}>
      <div className="adm-result-icon">
        <svg viewBox="0 0 48 48" width="52" height="52" aria-hidden>
          <circle cx="24" cy="24" r="24" fill="currentColor" />
          <g fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round">
            {MARK[status]}
          </g>
        </svg>
      </div>
      <div className="adm-result-title">{title}</div>
      {!!description && <div className="adm-result-description">{description}</div>}
    </div>
  )
}
