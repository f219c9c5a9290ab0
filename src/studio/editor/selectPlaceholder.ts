// What a select of fixed choices shows while its field is unset, so an empty box never looks like a missing value.
import type { JsonSchema } from './schemas'

/**
 * The page runs an unset choice as its `default` value (layout: 区块间留边距), so the select names that choice;
 * a field without one says 未设置.
 */
export function selectPlaceholder(schema: JsonSchema): string {
  const values = Array.isArray(schema.enum) ? schema.enum : []
  const names = Array.isArray(schema['x-enum-names']) ? (schema['x-enum-names'] as unknown[]) : []
  const at = values.indexOf(schema.default ?? 'default')
  const name = at >= 0 ? names[at] : undefined
  if (typeof name !== 'string' || !name) return '未设置'
  return name === '默认' ? '默认' : `${name}（默认）`
}
