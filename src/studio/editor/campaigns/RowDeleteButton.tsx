// The small red bin that removes one row of a campaign list (a prize, a guessing item, a form field), named for
// screen readers as 删除第 N 个<what>.

import { Button } from 'antd'
import { DeleteOutlined } from '@ant-design/icons'

export function RowDeleteButton({
  index,
  what,
  disabled,
  onDelete,
}: {
  /** The row's index (0-based); the label counts from 1. */
  index: number
  /** What a row is: 奖品, 竞猜项, 字段. */
  what: string
  disabled: boolean
  onDelete(): void
}) {
  return (
    <Button
      size="small"
      type="text"
      danger
      icon={<DeleteOutlined />}
      aria-label={`删除第 ${index + 1} 个${what}`}
      disabled={disabled}
      onClick={onDelete}
    />
  )
}
