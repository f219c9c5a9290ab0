// Every validator finding; a click selects the block it is in and its field.

import { Typography } from 'antd'
import type { StudioConfigError } from './types'

export function ErrorList({
  errors,
  describe,
  onPick,
}: {
  errors: readonly StudioConfigError[]
  /** Where the error is, in words (the block's name or 页面设置). */
  describe(error: StudioConfigError): string
  onPick(error: StudioConfigError): void
}) {
  if (!errors.length) return <Typography.Text type="secondary">没有错误</Typography.Text>
  return (
    <ul className="studio-error-list" aria-label="错误列表">
      {errors.map((e, i) => (
        <li key={`${e.pointer}:${i}`}>
          <button type="button" className="studio-error-item" onClick={() => onPick(e)}>
            <Typography.Text strong>{describe(e)}</Typography.Text>
            <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
              第 {e.line} 行 · {e.pointer || '/'}
            </Typography.Text>
            <div>
              <Typography.Text type="danger">{e.message}</Typography.Text>
            </div>
          </button>
        </li>
      ))}
    </ul>
  )
}
