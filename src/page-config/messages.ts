import type { ErrorObject } from 'ajv'
import { IMAGE_RULE } from './allowedUrls'
import { patternWords } from './patternWords'
import { IMAGE_KEYWORD } from './schemaKeywords'

const TYPE_NAMES: Record<string, string> = {
  string: '文字',
  number: '数字',
  integer: '整数',
  boolean: '是或否',
  object: '一组设置',
  array: '列表',
  null: '空',
}

function typeName(type: unknown): string {
  const list = Array.isArray(type) ? type : [type]
  return list.map((t) => TYPE_NAMES[String(t)] ?? String(t)).join('或')
}

export interface TranslatedError {
  /** Pointer the message is about (for unknown fields: the field itself). */
  pointer: string
  message: string
  /** Point at the key rather than the value (unknown fields). */
  atKey: boolean
}

/** What a sentence needs to know of the config: the Chinese name of the field at a pointer. */
export interface FieldNamer {
  label(pointer: string): string
  /** Chinese names of the allowed values of the field at a pointer (an enum), in order. */
  enumNames?(pointer: string, values: readonly unknown[]): string[]
  /** Chinese name of a block type (for an unknown type's hint). */
  blockName?(type: string): string
}

const q = (text: unknown) => `「${String(text)}」`

/** What the names of a map (propertyNames) are, by the map they name. */
const NAME_OF_KEYS: Record<string, string> = {
  '/campaigns': '活动编号',
  '/dataSources': '数据源名',
}

/** One ajv error as a Chinese sentence naming the field by its Chinese name; never a key or an expression. */
export function translate(error: ErrorObject, names: FieldNamer): TranslatedError {
  const p = error.params as Record<string, unknown>
  const path = error.instancePath
  const field = q(names.label(path))
  const at = (message: string, pointer = path, atKey = false): TranslatedError => ({
    pointer,
    message,
    atKey,
  })
  switch (error.keyword) {
    case 'required':
      return at(`缺少必填项${q(names.label(`${path}/${String(p.missingProperty)}`))}`)
    case 'additionalProperties': {
      const allowed = Object.keys(
        (error.parentSchema as { properties?: object } | undefined)?.properties ?? {},
      )
        .filter((k) => k !== 'type' && k !== '$schema')
        .map((k) => names.label(`${path}/${k}`))
      const hint = allowed.length ? `；这里可填：${[...new Set(allowed)].join('、')}` : ''
      return at(
        `不认识的设置项${q(p.additionalProperty)}（拼写错误？${hint.slice(1)}）`,
        `${path}/${String(p.additionalProperty)}`,
        true,
      )
    }
    case 'type':
      return at(`${field}应为${typeName(p.type)}`)
    case 'const':
      return at(`${field}只能是 ${JSON.stringify(p.allowedValue)}`)
    case 'enum': {
      const values = p.allowedValues as unknown[]
      const words = (names.enumNames?.(path, values) ?? values.map(String)).map((w, i) =>
        w === String(values[i]) ? q(w) : w,
      )
      return at(`${field}只能是以下之一：${words.join('、')}`)
    }
    case 'pattern': {
      const words = patternWords(String(p.pattern))
      if (p.propertyName !== undefined || error.propertyName !== undefined) {
        const what = NAME_OF_KEYS[path] ?? '名字'
        const name = String(p.propertyName ?? error.propertyName)
        return at(`${what}${q(name)}${words ?? '格式不正确'}`)
      }
      return at(`${field}${words ?? '格式不正确'}`)
    }
    case 'format':
      return at(
        p.format === 'date-time'
          ? `${field}不是有效的时间，应写成 2027-01-20T10:00:00+08:00`
          : `${field}格式不正确`,
      )
    case 'minLength':
      return at(p.limit === 1 ? `${field}不能为空` : `${field}至少 ${String(p.limit)} 个字符`)
    case 'maxLength':
      return at(`${field}最多 ${String(p.limit)} 个字符`)
    case 'minimum':
      return at(`${field}不能小于 ${String(p.limit)}`)
    case 'exclusiveMinimum':
      return at(`${field}必须大于 ${String(p.limit)}`)
    case 'maximum':
      return at(`${field}不能大于 ${String(p.limit)}`)
    case 'exclusiveMaximum':
      return at(`${field}必须小于 ${String(p.limit)}`)
    case 'minItems':
      return at(`${field}至少需要 ${String(p.limit)} 项`)
    case 'maxItems':
      return at(`${field}最多 ${String(p.limit)} 项`)
    case 'uniqueItems':
      return at(`${field}的第 ${Number(p.j) + 1} 项和第 ${Number(p.i) + 1} 项重复`)
    case 'minProperties':
      return at(`${field}不能是空的`)
    case 'maxProperties':
      return at(`${field}最多 ${String(p.limit)} 个`)
    case 'propertyNames':
      return at(`${NAME_OF_KEYS[path] ?? '名字'}${q(p.propertyName)}不符合要求`)
    case 'discriminator':
      if (p.error === 'mapping') {
        const blocks = describeOneOf(error, names)
        return at(`没有${q(p.tagValue)}这种${blocks ? '区块' : ''}类型${blocks}`, `${path}/type`)
      }
      return at(`缺少${q(names.label(`${path}/type`))}`)
    case 'oneOf':
    case 'anyOf':
      return at(`${field}的写法不对${described(error)}`)
    case IMAGE_KEYWORD:
      return at(`${field}的图片地址不允许：${IMAGE_RULE}`)
    default:
      return at(`${field}不符合要求`)
  }
}

/** The schema's own Chinese words about a union, when it has them. */
function described(error: ErrorObject): string {
  const description = (error.parentSchema as { description?: string } | undefined)?.description
  return description && /^[\u3400-\u9fff]/.test(description) && !/[A-Za-z]{3,}/.test(description)
    ? `（${description}）`
    : ''
}

function describeOneOf(error: ErrorObject, names: FieldNamer): string {
  type Branch = { $ref?: string; properties?: { type?: { const?: string } } }
  const branches = (error.parentSchema as { oneOf?: Branch[] } | undefined)?.oneOf ?? []
  const types = branches
    .map((b) => b.properties?.type?.const ?? /([\w-]+)\/schema\.json$/.exec(b.$ref ?? '')?.[1])
    .filter((t): t is string => Boolean(t))
  if (!types.length || !names.blockName || !branches.every((b) => b.$ref?.endsWith('/schema.json'))) return ''
  return `，可用：${types.map((t) => names.blockName!(t)).join('、')}`
}

/**
 * Drops the noise of failed oneOf/anyOf branches: when a oneOf at some path failed, its branch errors at
 * or below the same path are replaced by the single oneOf line.
 */
export function simplify(errors: readonly ErrorObject[]): ErrorObject[] {
  const unions = errors.filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf')
  // An image whose own pattern already failed (the poster's background) needs no second line.
  const patterned = new Set(errors.filter((e) => e.keyword === 'pattern').map((e) => e.instancePath))
  // A time that is no time needs one line (format), not a second one about its time zone (pattern); a name of a
  // map that breaks its pattern needs the pattern's words, not a second "不符合要求".
  const formatted = new Set(errors.filter((e) => e.keyword === 'format').map((e) => e.instancePath))
  const named = new Set(errors.filter((e) => e.propertyName !== undefined).map((e) => e.instancePath))
  return errors.filter((e) => {
    if (e.keyword === IMAGE_KEYWORD && patterned.has(e.instancePath)) return false
    if (e.keyword === 'pattern' && formatted.has(e.instancePath)) return false
    if (e.keyword === 'propertyNames' && named.has(e.instancePath)) return false
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
