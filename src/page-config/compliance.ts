// The compliance lint: the rule set of src/page-config/compliance-rules.json (data, each rule with its source)
// applied to every text of a config. The walk covers the whole JSON, not a list of fields: any string is a text
// unless its key names a link, a file, an id or an enum (or the string itself is a path or a URL), so a new
// block's texts are checked without a change here. Campaigns are also checked key by key: an eligibility or
// reward that depends on buying a policy is an error even when written as an identifier ("hasPolicy").
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { escapePointer, isObject, type JsonObject } from './json'

/** Where the rule set lives, relative to the repository root. */
export const COMPLIANCE_RULES_FILE = 'src/page-config/compliance-rules.json'

export const TEXT_RULE_KINDS = ['banned-phrase', 'premium-discount', 'purchase-inducement'] as const
export const COMPLIANCE_KINDS = [
  ...TEXT_RULE_KINDS,
  'campaign-purchase-condition',
  'product-insurer',
] as const
export type ComplianceKind = (typeof COMPLIANCE_KINDS)[number]

export interface ComplianceRule {
  id: string
  kind: ComplianceKind
  /** Literal phrases (matched after spaces are removed and full-width characters folded). */
  phrases?: string[]
  /** Regular expressions (JavaScript syntax, case-insensitive). */
  patterns?: string[]
  /** The rule applies only to texts that also match this regular expression (e.g. texts about insurance). */
  context?: string
  /** campaign-purchase-condition: keys and identifier values under `campaigns` (regular expressions). */
  identifierPatterns?: string[]
  /** product-insurer: the block types that show products (and always name the insurer). */
  productBlocks?: string[]
  /** product-insurer: data-source endpoints that return products. */
  productEndpoints?: string[]
  /** product-insurer: block options that would hide the insurer. */
  hidingOptions?: { field: string; value: unknown }[]
  message: string
  severity: 'error'
  source: string
}

export interface ComplianceFinding {
  pointer: string
  message: string
  /** Point at the key rather than the value (campaign keys). */
  atKey?: boolean
}

export interface ComplianceChecker {
  rules: readonly ComplianceRule[]
  check(config: JsonObject): ComplianceFinding[]
  /** What one text shown on a page breaks (a catalog product's name or tagline), as finding messages. */
  checkText(text: string): string[]
}

/** Reads and checks the rule set; a malformed rule fails loudly with its id (it is edited by hand). */
export function readComplianceRules(root: string): ComplianceRule[] {
  const file = join(root, COMPLIANCE_RULES_FILE)
  let data: unknown
  try {
    data = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new Error(`${COMPLIANCE_RULES_FILE}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    })
  }
  if (!isObject(data) || !Array.isArray(data.rules))
    throw new Error(`${COMPLIANCE_RULES_FILE}: 应为 {"rules": […]}`)
  return parseComplianceRules(data.rules)
}

/** Checks the shape of each rule (ids unique, kind known, regular expressions valid, Chinese message, source). */
export function parseComplianceRules(rules: unknown[]): ComplianceRule[] {
  const seen = new Set<string>()
  return rules.map((raw, i) => {
    const where = `${COMPLIANCE_RULES_FILE} /rules/${i}`
    const fail = (why: string): never => {
      throw new Error(`${where}: ${why}`)
    }
    if (!isObject(raw)) return fail('规则应为对象')
    const rule = raw as unknown as ComplianceRule
    if (typeof rule.id !== 'string' || !/^[a-z][a-z0-9-]*$/.test(rule.id)) fail('id 应为小写字母、数字和 -')
    if (seen.has(rule.id)) fail(`id "${rule.id}" 重复`)
    seen.add(rule.id)
    if (!COMPLIANCE_KINDS.includes(rule.kind)) fail(`kind 应为 ${COMPLIANCE_KINDS.join('、')} 之一`)
    if (rule.severity !== 'error') fail('severity 应为 "error"')
    for (const field of ['message', 'source'] as const)
      if (typeof rule[field] !== 'string' || !rule[field].trim()) fail(`缺少 ${field}`)
    for (const field of [
      'phrases',
      'patterns',
      'identifierPatterns',
      'productBlocks',
      'productEndpoints',
    ] as const) {
      const list = rule[field]
      if (list !== undefined && (!Array.isArray(list) || list.some((p) => typeof p !== 'string' || !p)))
        fail(`${field} 应为非空文字的数组`)
    }
    if (rule.context !== undefined && (typeof rule.context !== 'string' || !rule.context))
      fail('context 应为非空的正则表达式')
    const regexes = [...(rule.patterns ?? []), ...(rule.identifierPatterns ?? [])]
    if (rule.context) regexes.push(rule.context)
    for (const pattern of regexes) {
      try {
        new RegExp(pattern, 'iu')
      } catch (error) {
        fail(`正则表达式 ${pattern} 无效：${error instanceof Error ? error.message : String(error)}`)
      }
    }
    if (rule.kind === 'product-insurer' && !rule.productBlocks?.length)
      fail('product-insurer 规则需要 productBlocks')
    else if (rule.kind !== 'product-insurer' && !rule.phrases?.length && !rule.patterns?.length)
      fail('需要 phrases 或 patterns')
    return rule
  })
}

/** Keys whose string values are not text shown to people (links, files, ids, enums, state paths). */
const NOT_TEXT_KEYS = new Set([
  '$schema',
  'id',
  'type',
  'kind',
  'from',
  'to',
  'target',
  'href',
  'src',
  'image',
  'images',
  'icon',
  'poster',
  'cover',
  'background',
  'url',
  'get',
  'post',
  'path',
  'fallback',
  'layout',
  'showIn',
  'visibleWhen',
  'activeBetween',
  'style',
  'schedule',
  'dataSources',
])
const NOT_TEXT_KEY_SUFFIX = /(Id|Ids|Url|Href|Image|Icon|Src|At|Path)$/
/** Paths, URLs and data URIs are never text, whatever their key. */
const NOT_TEXT_VALUE = /^(\/|\.{1,2}\/|[a-z][a-z0-9+.-]*:)/i
const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_.-]*$/
const HAS_CJK = /[\u3400-\u9fff]/
/** Link targets and bare URLs inside Markdown or prose: their file names are not text. */
const LINK_TARGETS = /\]\([^)]*\)|https?:\/\/[^\s)]+/g
/** Full-width forms and the ideographic space, folded by NFKC (only when present: NFKC is not free). */
const FULL_WIDTH = /[\u3000\uff01-\uff5e]/
/** Spaces, invisible characters and Markdown emphasis, which could split a phrase. */
const SPLITTERS = /[\s\u200b-\u200d\u2060\ufeff*_~`]+/g

/** The text as the rules see it: link targets dropped, full-width folded (NFKC), spaces and emphasis removed. */
export function normalizeText(text: string): string {
  const folded = FULL_WIDTH.test(text) ? text.normalize('NFKC') : text
  return folded.replace(LINK_TARGETS, ' ').replace(SPLITTERS, '')
}

/**
 * A disclaimer is not a claim: a match right after a negation ("不抵扣保费", "不提供任何保费折扣", "非保本")
 * does not count.
 */
const NEGATED =
  /(不|无|非|未|并非|没有|禁止|严禁|杜绝|拒绝)(需|须|用|必|要求|提供|给予|承诺|包含|含|设|予|可|能|得|会|涉及|存在|支持|用于|作为|以)?(任何|再)?$/u

/** Every match of a global regex that is not negated, with where it starts and ends. */
function claims(regex: RegExp, text: string): RegExpExecArray[] {
  const found: RegExpExecArray[] = []
  regex.lastIndex = 0
  for (let match = regex.exec(text); match; match = regex.exec(text)) {
    if (!NEGATED.test(text.slice(Math.max(0, match.index - 8), match.index))) found.push(match)
    regex.lastIndex = match.index + Math.max(match[0].length, 1)
  }
  return found
}

const MEMO_LIMIT = 20_000

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

interface TextRule {
  rule: ComplianceRule
  regex: RegExp
  context: RegExp | null
  campaignsOnly: boolean
}

export function createComplianceChecker(rules: readonly ComplianceRule[]): ComplianceChecker {
  const textRules: TextRule[] = []
  const identifierRules: { rule: ComplianceRule; regex: RegExp }[] = []
  const insurerRules = rules.filter((r) => r.kind === 'product-insurer')
  for (const rule of rules) {
    const sources = [
      ...(rule.phrases ?? []).map((p) => escapeRegExp(normalizeText(p))),
      ...(rule.patterns ?? []),
    ]
    if (sources.length && rule.kind !== 'product-insurer') {
      textRules.push({
        rule,
        regex: new RegExp(sources.map((s) => `(?:${s})`).join('|'), 'giu'),
        context: rule.context ? new RegExp(rule.context, 'iu') : null,
        campaignsOnly: rule.kind === 'campaign-purchase-condition',
      })
    }
    if (rule.identifierPatterns?.length) {
      const source = rule.identifierPatterns.map((s) => `(?:${s})`).join('|')
      identifierRules.push({ rule, regex: new RegExp(source, 'i') })
    }
  }
  // One pass decides whether a text needs the rules one by one (most texts match nothing).
  const anyText = new RegExp(textRules.map((t) => `(?:${t.regex.source})`).join('|') || '(?!)', 'iu')

  const finding = (rule: ComplianceRule, pointer: string, what: string, atKey = false) => ({
    pointer,
    message: `合规：${what}——${rule.message}（规则 ${rule.id}；依据：${rule.source.split('；')[0].split('（')[0]}）`,
    atKey,
  })

  /** What a text breaks, memoized by text (configs repeat texts; the dev server revalidates on each save). */
  type Hit = { rule: ComplianceRule; what: string }
  const memo = [new Map<string, Hit[]>(), new Map<string, Hit[]>()]
  const NONE: Hit[] = []
  const textHits = (text: string, inCampaign: boolean): Hit[] => {
    if (!HAS_CJK.test(text)) return NONE
    const cache = memo[inCampaign ? 1 : 0]
    let hits = cache.get(text)
    if (hits) return hits
    hits = NONE
    const normalized = normalizeText(text)
    if (anyText.test(normalized)) {
      hits = []
      // Every phrase a text holds is reported; where rules of one kind overlap (two discount rules on
      // "保费9折"), the span already reported is not reported again.
      const spans = new Map<ComplianceKind, [number, number][]>()
      for (const t of textRules) {
        if (t.campaignsOnly && !inCampaign) continue
        if (t.context && !t.context.test(normalized)) continue
        const taken = spans.get(t.rule.kind) ?? []
        const said = new Set<string>()
        for (const match of claims(t.regex, normalized)) {
          const start = match.index
          const end = start + match[0].length
          if (taken.some(([a, b]) => start < b && a < end) || said.has(match[0])) continue
          taken.push([start, end])
          said.add(match[0])
          hits.push({ rule: t.rule, what: `含“${match[0]}”` })
        }
        spans.set(t.rule.kind, taken)
      }
    }
    if (cache.size >= MEMO_LIMIT) cache.clear()
    cache.set(text, hits)
    return hits
  }

  return {
    rules,
    checkText: (text) => textHits(text, false).map((hit) => finding(hit.rule, '', hit.what).message),
    check(config) {
      const findings: ComplianceFinding[] = []
      // The pointer is built only for a finding: most strings break nothing.
      const path: string[] = []
      const pointerOf = (last?: string) =>
        (last === undefined ? path : [...path, last]).map((p) => `/${escapePointer(p)}`).join('')
      const checkIdentifier = (name: string, atKey: boolean) => {
        for (const { rule, regex } of identifierRules)
          if (regex.test(name)) findings.push(finding(rule, pointerOf(), `“${name}”`, atKey))
      }
      const walk = (node: unknown, key: string, inCampaign: boolean, depth: number) => {
        if (typeof node === 'string') {
          if (NOT_TEXT_VALUE.test(node)) return
          if (inCampaign && IDENTIFIER.test(node)) checkIdentifier(node, false)
          if (NOT_TEXT_KEYS.has(key) || NOT_TEXT_KEY_SUFFIX.test(key)) return
          for (const hit of textHits(node, inCampaign))
            findings.push(finding(hit.rule, pointerOf(), hit.what))
          return
        }
        if (Array.isArray(node)) {
          for (let i = 0; i < node.length; i++) {
            path.push(String(i))
            walk(node[i], key, inCampaign, depth + 1)
            path.pop()
          }
          return
        }
        if (!isObject(node)) return
        if (inBlocks && typeof node.type === 'string') checkBlock(node)
        for (const k in node) {
          const value = node[k]
          if (!inCampaign && NOT_TEXT_KEYS.has(k) && typeof value !== 'string') continue
          path.push(k)
          // Under campaigns every key counts (an eligibility written as a flag), except the campaign ids.
          if (inCampaign && depth > 0) checkIdentifier(k, true)
          walk(value, k, inCampaign, depth + 1)
          path.pop()
        }
      }
      // Product blocks may not hide the insurer; product data may not be shown by a block that does not name it.
      const dataSources = isObject(config.dataSources) ? config.dataSources : {}
      const checkBlock = (block: JsonObject) => {
        for (const rule of insurerRules) {
          if (rule.productBlocks?.includes(block.type as string)) {
            for (const { field, value } of rule.hidingOptions ?? [])
              if (field in block && block[field] === value)
                findings.push(
                  finding(rule, pointerOf(field), `${field}: ${JSON.stringify(value)} 隐藏了保险公司`),
                )
          } else if (typeof block.from === 'string' && isProductSource(dataSources[block.from], rule)) {
            findings.push(finding(rule, pointerOf('from'), '这个区块展示产品数据但不显示保险公司'))
          }
        }
      }
      let inBlocks = false
      for (const key in config) {
        if (NOT_TEXT_KEYS.has(key)) continue
        inBlocks = key === 'blocks'
        path.push(key)
        walk(config[key], key, key === 'campaigns', 0)
        path.pop()
      }

      return findings
    },
  }
}

function isProductSource(source: unknown, rule: ComplianceRule): boolean {
  const get = isObject(source) ? source.get : undefined
  return (
    typeof get === 'string' &&
    (rule.productEndpoints ?? []).some((e) => get === e || get.startsWith(`${e}/`) || get.startsWith(`${e}?`))
  )
}
