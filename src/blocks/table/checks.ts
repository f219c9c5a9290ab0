import type { BlockCheck } from '../../page-config/blockCheck'
import { escapePointer, isObject } from '../../page-config/json'

// Every cell of a row belongs to a declared column.
export const check: BlockCheck = ({ block, pointer, add }) => {
  if (!Array.isArray(block.columns) || !Array.isArray(block.rows)) return
  const keys = new Set(block.columns.map((c) => (isObject(c) ? c.key : undefined)))
  block.rows.forEach((row, r) => {
    if (!isObject(row)) return
    for (const k of Object.keys(row))
      if (!keys.has(k)) add(`${pointer}/rows/${r}/${escapePointer(k)}`, `列 "${k}" 未在 columns 中定义`)
  })
}
