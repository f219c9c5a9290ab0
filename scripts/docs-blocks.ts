// docs/blocks.md, the block catalogue for operations staff, from the block schemas (src/blocks/*/schema.json) and the compliance rule set
// (src/page-config/compliance-rules.json), written by scripts/gen-blocks.ts.
import {
  COMPLIANCE_RULES_FILE,
  readComplianceRules,
  type ComplianceKind,
  type ComplianceRule,
} from '../src/page-config/compliance'
import { MEDIA_HOST_ALLOWLIST } from '../src/page-config/allowedUrls'
import { readSchemaFiles } from '../src/page-config/schemaSet'

type Schema = {
  title?: string
  description?: string
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  $ref?: string
  items?: Schema
  properties?: Record<string, Schema>
  required?: string[]
  examples?: unknown[]
  anyOf?: Schema[]
}

type CommonSchema = Schema & { $defs: Record<string, Schema> }
let common: CommonSchema

function resolveRef(schema: Schema): Schema {
  const m = /block-common\.schema\.json#\/(properties|\$defs)\/(\w+)$/.exec(schema.$ref ?? '')
  if (!m) return schema
  const target = (m[1] === 'properties' ? common.properties?.[m[2]] : common.$defs[m[2]]) ?? {}
  return {
    ...resolveRef(target),
    ...schema,
    $ref: undefined,
    description: schema.description ?? resolveRef(target).description,
  }
}

function typeOf(raw: Schema): string {
  const s = resolveRef(raw)
  if (raw.$ref?.endsWith('/action')) return '动作'
  if (raw.$ref?.endsWith('/condition') || raw.$ref?.endsWith('/visibleWhen')) return '条件'
  if (s.const !== undefined) return `固定 \`${JSON.stringify(s.const)}\``
  if (s.enum) return s.enum.map((v) => `\`${JSON.stringify(v)}\``).join(' / ')
  if (s.anyOf) return s.anyOf.map(typeOf).join(' 或 ')
  if (s.type === 'array') return `数组（${s.items ? typeOf(s.items) : ''}）`
  const names: Record<string, string> = {
    string: '文字',
    integer: '整数',
    number: '数字',
    boolean: '是/否',
    object: '对象',
  }
  return (Array.isArray(s.type) ? s.type : [s.type ?? '']).map((t) => names[t] ?? t).join('/')
}

function rows(schema: Schema, prefix = ''): string[] {
  const out: string[] = []
  for (const [name, raw] of Object.entries(schema.properties ?? {})) {
    const s = resolveRef(raw)
    const required = schema.required?.includes(name) ? '是' : ''
    out.push(
      `| \`${prefix}${name}\` | ${typeOf(raw)} | ${required} | ${(s.description ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ')} |`,
    )
    const nested = s.type === 'array' ? s.items && resolveRef(s.items) : s.type === 'object' ? s : undefined
    if (nested?.properties && !raw.$ref?.includes('block-common'))
      out.push(...rows(nested, `${prefix}${name}${s.type === 'array' ? '[]' : ''}.`))
  }
  return out
}

const KIND_NAMES: Record<ComplianceKind, string> = {
  'banned-phrase': '禁用或限制使用的宣传用语',
  'premium-discount': '保费折扣、立减、返现',
  'purchase-inducement': '与投保挂钩的抽奖、礼品、红包、积分',
  'campaign-purchase-condition': '活动条件或奖励以投保为前提',
  'product-insurer': '展示产品必须展示保险公司',
}

const code = (s: string) => `\`${s.replace(/`/g, "'")}\``

function ruleLines(rule: ComplianceRule): string[] {
  const lines = [`### ${rule.id}`, '', `- 类别：${KIND_NAMES[rule.kind]}（\`${rule.kind}\`）`]
  lines.push(`- 说明：${rule.message}`, `- 依据：${rule.source}`)
  if (rule.phrases?.length) lines.push(`- 词语：${rule.phrases.map(code).join('、')}`)
  if (rule.patterns?.length) lines.push(`- 表达式：${rule.patterns.map(code).join('、')}`)
  if (rule.context) lines.push(`- 只检查同时匹配 ${code(rule.context)} 的文字`)
  if (rule.identifierPatterns?.length)
    lines.push(`- \`campaigns\` 下的字段名和标识值：${rule.identifierPatterns.map(code).join('、')}`)
  if (rule.productBlocks?.length) lines.push(`- 产品区块：${rule.productBlocks.map(code).join('、')}`)
  if (rule.productEndpoints?.length)
    lines.push(
      `- 返回产品的数据源接口：${rule.productEndpoints.map(code).join('、')}（其他区块不得用它展示产品）`,
    )
  if (rule.hidingOptions?.length)
    lines.push(
      `- 隐藏保险公司的选项（出现即报错）：${rule.hidingOptions.map((o) => code(`${o.field}: ${JSON.stringify(o.value)}`)).join('、')}`,
    )
  lines.push('')
  return lines
}

/** The compliance section of docs/blocks.md, from the rule set itself. */
function complianceDocs(root: string): string[] {
  const rules = readComplianceRules(root)
  return [
    '## 合规规则',
    '',
    `校验（\`npm run validate:configs\`、构建和服务器发布）会把下列规则用于每个页面配置的**每一段文字**：页面标题、分享文案、区块里的任何文字（Markdown 原文、按钮、表格、弹窗……）和 \`campaigns\` 的全部内容。违反任何一条都是错误，和其他配置错误一样报告为 \`文件:行:列  /JSON指针  中文说明\`，构建失败。规则是数据，在 \`${COMPLIANCE_RULES_FILE}\` 里增删改，无需改代码；本节由该文件生成。`,
    '',
    '- 不当作文字检查：链接、图片和文件路径（以 `/`、`http:` 等开头的值，以及 `image`、`src`、`href`、`to`、`id`、`type`、`kind` 等字段和以 `Id`、`Url`、`Image` 结尾的字段）、`dataSources`、`schedule`、`visibleWhen`、`style`；Markdown 里的链接地址也不检查。',
    '- 比对前去掉空格、Markdown 强调符号，并把全角字母数字折成半角（“首月 １ 元”“**保本**”同样命中）；紧跟在否定词后的说法（“不保本”“不提供任何保费折扣”“无需投保即可领取”）是提示语，不算违规。',
    '- `campaigns` 下的字段名和英文标识值（如 `"hasPolicy": true`、`"requires": ["boughtPolicy"]`）也会检查：活动的参与条件和奖励只能是已登录、会员等级、新用户、实名认证、参与过某项活动等，不能是投保、下单或持有保单。',
    '- 产品展示：目前展示产品的区块只有 `product-list`，它在卡片和行式两种布局下都会显示每个产品的保险公司名称，且没有隐藏保险公司的选项；规则仍检查下列隐藏选项和产品数据源，以防将来加入。',
    '',
    ...rules.flatMap(ruleLines),
  ]
}

/** The text of docs/blocks.md. */
export function blockDocs(root: string): string {
  const files = readSchemaFiles(root)
  common = files.find((f) => f.path === 'schemas/block-common.schema.json')?.schema as CommonSchema
  const blocks = files.flatMap((f) => {
    const type = /^src\/blocks\/([a-z0-9-]+)\/schema\.json$/.exec(f.path)?.[1]
    return type ? [{ type, schema: f.schema as Schema }] : []
  })
  const lines = [
    `<!-- Generated by scripts/gen-blocks.ts from src/blocks/*/schema.json and ${COMPLIANCE_RULES_FILE}. Do not edit: run npm run gen:blocks. -->`,
    '# 活动页区块手册',
    '',
    '活动页是 `page-configs/` 下的一个 JSON 文件，`blocks` 数组里按顺序放区块。本手册列出每种区块的用途、全部字段和示例。',
    '所有区块还可以使用通用字段：`id`（页面内唯一）、`showIn`（只在 preheat/live/ended 阶段显示）、`visibleWhen`（显示条件）、`activeBetween`（区块自己的生效时间）、`style`（背景、颜色、边距）。',
    `图片（含 Markdown 里的图片）只能用站内图片（\`public/\` 下的 \`/…\`，或工作台上传的 \`/api/pages/media/…\`）或这些媒体域名上的 https 地址：${MEDIA_HOST_ALLOWLIST.map((h) => `\`${h}\``).join('、')}（清单在 \`src/page-config/allowedUrls.ts\`）；\`style\` 的背景、颜色和页面主题色只接受颜色（#rgb、#rrggbb、rgb()、hsl()、transparent）。`,
    '',
    '动作（`action`）可选：`navigate` 站内跳转、`link` 白名单外链、`api` 调接口、`login` 登录后返回、`share` 分享、`toast` 提示、`scroll-to` 滚动到区块、`dialog` 弹窗。',
    '',
    '## 目录',
    '',
    ...blocks.map(
      (b) => `- [${b.type}](#${b.type})：${(b.schema.description ?? '').split('：')[0].split('，')[0]}`,
    ),
    '- [合规规则](#合规规则)：所有文字都要遵守的营销合规规则及其依据',
    '',
  ]
  for (const { type, schema } of blocks) {
    lines.push(
      `## ${type}`,
      '',
      schema.description ?? '',
      '',
      '| 字段 | 类型 | 必填 | 说明 |',
      '|---|---|---|---|',
      ...rows(schema),
      '',
    )
    for (const example of schema.examples ?? [])
      lines.push('示例：', '', '```json', JSON.stringify(example, null, 2), '```', '')
  }
  lines.push(...complianceDocs(root))
  return lines.join('\n')
}
