import type { ErrorObject } from 'ajv'
import { IMAGE_RULE } from './allowedUrls'
import { IMAGE_KEYWORD } from './schemaKeywords'

const TYPE_NAMES: Record<string, string> = {
  string: '文字',
  number: '数字',
  integer: '整数',
  boolean: '布尔值（true/false）',
  object: '对象 {…}',
  array: '数组 […]',
  null: 'null',
}

function typeName(type: unknown): string {
  const list = Array.isArray(type) ? type : [type]
  return list.map((t) => TYPE_NAMES[String(t)] ?? String(t)).join('或')
}

function described(error: ErrorObject): string {
  const description = (error.parentSchema as { description?: string } | undefined)?.description
  return description ? `（${description}）` : ''
}

export interface TranslatedError {
  /** Pointer the message is about (for unknown fields: the field itself). */
  pointer: string
  message: string
  /** Point at the key rather than the value (unknown fields). */
  atKey: boolean
}

/** One ajv error in Chinese, naming the field. */
export function translate(error: ErrorObject): TranslatedError {
  const p = error.params as Record<string, unknown>
  const at = (message: string, pointer = error.instancePath, atKey = false): TranslatedError => ({
    pointer,
    message,
    atKey,
  })
  switch (error.keyword) {
    case 'required':
      return at(`缺少必填字段 "${String(p.missingProperty)}"`)
    case 'additionalProperties': {
      const allowed = Object.keys(
        (error.parentSchema as { properties?: object } | undefined)?.properties ?? {},
      )
      const hint = allowed.length ? `；允许的字段：${allowed.join('、')}` : ''
      return at(
        `未知字段 "${String(p.additionalProperty)}"（拼写错误？${hint.slice(1)}）`,
        `${error.instancePath}/${String(p.additionalProperty)}`,
        true,
      )
    }
    case 'type':
      return at(`类型应为${typeName(p.type)}`)
    case 'const':
      return at(`取值应为 ${JSON.stringify(p.allowedValue)}`)
    case 'enum':
      return at(
        `取值应为以下之一：${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join('、')}`,
      )
    case 'pattern':
      return at(`格式不正确${described(error) || `（应匹配 ${String(p.pattern)}）`}`)
    case 'format':
      return at(
        p.format === 'date-time'
          ? '不是有效的时间，应写成 2027-01-20T10:00:00+08:00'
          : `格式应为 ${String(p.format)}`,
      )
    case 'minLength':
      return at(p.limit === 1 ? '不能为空' : `至少 ${String(p.limit)} 个字符`)
    case 'maxLength':
      return at(`最多 ${String(p.limit)} 个字符`)
    case 'minimum':
      return at(`不能小于 ${String(p.limit)}`)
    case 'exclusiveMinimum':
      return at(`必须大于 ${String(p.limit)}`)
    case 'maximum':
      return at(`不能大于 ${String(p.limit)}`)
    case 'minItems':
      return at(`至少需要 ${String(p.limit)} 项`)
    case 'maxItems':
      return at(`最多 ${String(p.limit)} 项`)
    case 'uniqueItems':
      return at(`第 ${Number(p.j) + 1} 项和第 ${Number(p.i) + 1} 项重复`)
    case 'minProperties':
      return at('不能是空对象')
    case 'maxProperties':
      return at(`最多 ${String(p.limit)} 个`)
    case 'propertyNames':
      return at(`名字 "${String(p.propertyName)}" 不符合要求（字母开头，只含字母、数字、_）`)
    case 'discriminator':
      if (p.error === 'mapping') {
        return at(`类型 "${String(p.tagValue)}" 不存在${describeOneOf(error)}`, `${error.instancePath}/type`)
      }
      return at(`缺少字段 "type" 或它不是文字`)
    case 'oneOf':
    case 'anyOf':
      return at(`不符合任何一种允许的写法${described(error)}`)
    case IMAGE_KEYWORD:
      return at(`图片地址不允许：${IMAGE_RULE}`)
    default:
      return at(error.message ?? '不符合要求')
  }
}

function describeOneOf(error: ErrorObject): string {
  type Branch = { $ref?: string; properties?: { type?: { const?: string } } }
  const branches = (error.parentSchema as { oneOf?: Branch[] } | undefined)?.oneOf ?? []
  const names = branches
    .map(
      (b) =>
        b.properties?.type?.const ??
        /([\w-]+)\.schema\.json$/.exec(b.$ref ?? '')?.[1] ??
        /\/(\w+)Action$/.exec(b.$ref ?? '')?.[1],
    )
    .filter(Boolean)
  return names.length ? `，可用：${names.join('、')}` : ''
}

/**
 * Drops the noise of failed oneOf/anyOf branches: when a oneOf at some path failed, its branch errors at
 * or below the same path are replaced by the single oneOf line.
 */
export function simplify(errors: readonly ErrorObject[]): ErrorObject[] {
  const unions = errors.filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf')
  // An image whose own pattern already failed (the poster's background) needs no second line.
  const patterned = new Set(errors.filter((e) => e.keyword === 'pattern').map((e) => e.instancePath))
  return errors.filter((e) => {
    if (e.keyword === IMAGE_KEYWORD && patterned.has(e.instancePath)) return false
    if (e.keyword === 'oneOf' || e.keyword === 'anyOf') {
      // An inner union inside a failed outer union is noise too.
      return !unions.some((u) => u !== e && insideUnion(e, u))
    }
    return !unions.some((u) => insideUnion(e, u))
  })
}

function insideUnion(error: ErrorObject, union: ErrorObject): boolean {
  const unionBase = union.schemaPath.slice(0, -union.keyword.length)
  return (
    error.schemaPath.startsWith(unionBase + union.keyword + '/') &&
    (error.instancePath === union.instancePath || error.instancePath.startsWith(union.instancePath + '/'))
  )
}
