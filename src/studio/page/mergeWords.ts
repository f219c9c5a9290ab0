// The words of the merge dialog (保留我的修改), as the version diff says them: a block by its Chinese name and
// title (标题「双十二狂欢」), a setting or campaign by its Chinese name, and each differing field by the Chinese
// labels of its form (条目 › 第 1 项 › 标题), never a raw key such as `text`.
import { labelOf } from '../../page-config/fieldLabels'
import { PAGE_FORM_FIELDS } from '../editor/schemas'
import { blockWords, fieldWords } from '../versions/diffNames'
import type { MergeUnit } from './threeWayMerge'

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1')
const MAX_TEXT = 120

/** A value as shown on one side: text cut short, （无） when absent. */
export function valueWords(value: unknown): string {
  if (value === undefined) return '（无）'
  if (typeof value === 'boolean') return value ? '是' : '否'
  if (typeof value === 'object' && value !== null && Object.keys(value).length === 0) return '（空）'
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text
}

/** The unit as a person knows it: 「标题「春季保障节」」, 「活动「双十二抽奖」」, 「页面设置：页面标题」. */
export function unitWords(unit: MergeUnit): string {
  const sides = [unit.base, unit.theirs, unit.mine]
  if (unit.kind === 'campaign') {
    const name = sides.map((c) => (isObject(c) ? c.name : undefined)).find((n) => typeof n === 'string' && n)
    return `活动「${typeof name === 'string' ? name : unit.name}」`
  }
  if (unit.kind === 'page') return `页面设置：${pathWords(unit, '')}`
  const block = sides.find(isObject)
  return blockWords(block, typeof block?.type === 'string' ? block.type : '')
}

/** Every leaf of a value by its JSON pointer (an empty object or list is a leaf of its own). */
function leaves(value: unknown, at: string, out: Map<string, unknown>): Map<string, unknown> {
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [String(i), v])
    : isObject(value)
      ? Object.entries(value)
      : []
  if (entries.length === 0) out.set(at, value)
  for (const [key, v] of entries) leaves(v, `${at}/${escape(key)}`, out)
  return out
}

/** The Chinese words of a field inside the unit (path '' = the unit itself). */
function pathWords(unit: MergeUnit, path: string): string {
  if (unit.kind === 'block') {
    const block = [unit.mine, unit.theirs, unit.base].find(isObject)
    return fieldWords(path, typeof block?.type === 'string' ? block.type : '')
  }
  const full = unit.kind === 'page' ? `/${escape(unit.name)}${path}` : path
  if (unit.kind === 'page' && PAGE_FORM_FIELDS.includes(unit.name)) return fieldWords(full, null)
  // Campaigns and settings outside the page form: each part by the shared table of field names.
  return full
    .split('/')
    .slice(1)
    .map((p) => labelOf(undefined, p.replace(/~1/g, '/').replace(/~0/g, '~')))
    .join(' › ')
}

/** One side of a conflict: the fields where it differs from the other side, each as [Chinese label, value]. */
export function differingFields(unit: MergeUnit, value: unknown, other: unknown): [string, string][] {
  const mine = leaves(value, '', new Map())
  const theirs = leaves(other, '', new Map())
  return [...new Set([...mine.keys(), ...theirs.keys()])]
    .filter((path) => JSON.stringify(mine.get(path)) !== JSON.stringify(theirs.get(path)))
    .map((path) => [path === '' ? '' : pathWords(unit, path), valueWords(mine.get(path))])
}
