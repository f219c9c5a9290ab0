// Chinese names of config fields, block types and enum values: one home for the studio's form labels
// (src/studio/editor/schemas.ts) and the validator's sentences (messages.ts), so a field has one name everywhere.

/** Labels of fields whose schema has no description of its own (or describes a shared kind, not the field). */
export const FIELD_LABELS: Record<string, string> = {
  id: '区块 id',
  showIn: '显示阶段',
  visibleWhen: '显示条件',
  activeBetween: '生效时间段',
  style: '样式',
  background: '背景色',
  color: '颜色',
  padding: '内边距',
  margin: '外边距',
  textAlign: '对齐',
  borderRadius: '圆角',
  from: '开始时间',
  to: '结束时间',
  preheatAt: '预热时间',
  startAt: '开始时间',
  endAt: '结束时间',
  offlineAt: '下线时间',
  fallback: '下线后跳转',
  title: '标题',
  desc: '描述',
  image: '图片',
  text: '文字',
  action: '点击动作',
  get: '接口路径',
  query: '查询参数',
  primaryColor: '主题色',
  share: '分享信息',
  schedule: '活动时间',
  dataSources: '数据源',
  layout: '布局',
  theme: '主题',
  requiresLogin: '需要登录',
  tabs: '标签',
  blocks: '区块',
  items: '条目',
  campaigns: '活动',
  prizes: '奖品',
  reward: '奖励',
  kind: '类型',
  name: '名称',
  label: '文字',
  amount: '数量',
  window: '参与时间',
  limits: '次数上限',
  eligibility: '参与条件',
  href: '链接',
  url: '地址',
  src: '地址',
  alt: '图片说明',
  icon: '图标',
  type: '类型',
  value: '取值',
  values: '取值',
  questions: '题目',
  bands: '分数段',
  slides: '图片',
  options: '选项',
  fields: '字段',
  height: '高度',
  width: '宽度',
  source: '内容',
  campaign: '活动编号',
  schemaVersion: '配置格式版本',
  routeParams: '路由参数',
  mode: '模式',
  view: '显示内容',
  level: '级别',
  size: '大小',
  align: '对齐',
  variant: '样式',
}

/** The fields of a click action, whose schema is a oneOf of kinds: the labels of the studio's action widget (fields.tsx)
 * and the names the merge dialog and the version diff give them. */
export const ACTION_FIELD_LABELS: Record<string, string> = {
  type: '动作类型',
  to: '页面路径',
  replace: '替换当前页',
  href: '链接',
  url: '接口',
  body: '请求内容',
  successText: '成功提示',
  then: '成功后跳转',
  text: '提示文字',
  kind: '样式',
  target: '目标区块',
  title: '弹窗标题',
  content: '弹窗内容',
  confirmText: '按钮文字',
}

/** Fields whose schema is shared ($ref) and so describes the kind, not the field: the table's word wins. */
const OWN_LABEL = new Set([
  'id',
  'showIn',
  'visibleWhen',
  'activeBetween',
  'style',
  'from',
  'to',
  'preheatAt',
  'startAt',
  'endAt',
  'offlineAt',
  'fallback',
])

const HAS_CJK = /[\u3400-\u9fff]/

/** A short Chinese label of a field: the table's word, or the words of its description before the first stop. */
export function labelOf(description: unknown, key: string, isEnum = false): string {
  if (
    FIELD_LABELS[key] &&
    ((OWN_LABEL.has(key) && !/^数据源/.test(String(description ?? ''))) ||
      isEnum ||
      typeof description !== 'string' ||
      /^[\x20-\x7e]/.test(description))
  )
    return FIELD_LABELS[key]
  if (typeof description !== 'string' || !description) return FIELD_LABELS[key] ?? fallbackLabel(key)
  // "picks 选择并提交；results 结果" describes the values, not the field.
  if (/^[A-Za-z][\w-]* /.test(description)) return isEnum ? '选项' : fallbackLabel(key)
  // The words before the first stop, without a trailing format hint ("月份 YYYY-MM" -> 月份).
  const short = description
    .split(/[：:，,。；;（(]/)[0]
    .trim()
    .replace(/(?<=[\u3400-\u9fff])\s+[\x21-\x7e]+$/, '')
  if (short.length > 0 && short.length <= 16 && HAS_CJK.test(short)) return short
  return FIELD_LABELS[key] ?? (HAS_CJK.test(short) ? short.slice(0, 16) : fallbackLabel(key))
}

/** A field the tables do not know: still a Chinese word, never the raw key. */
function fallbackLabel(key: string): string {
  if (/^\d+$/.test(key)) return `第 ${Number(key) + 1} 项`
  if (/Ids?$/.test(key)) return '编号'
  if (/(At|Time)$/.test(key)) return '时间'
  if (/(Text|Title|Label)$/.test(key)) return '文字'
  if (/(Image|Icon|Url|Href|Src)$/.test(key)) return '地址'
  if (/Color$/.test(key)) return '颜色'
  return '设置项'
}

/** A block type's Chinese name from its schema's description (按钮, 产品列表). */
export function blockNameOf(description: unknown, type: string): string {
  const short = typeof description === 'string' ? description.split(/[：:，,。（(]/)[0].trim() : ''
  return short || type
}

/** Chinese names of enum values that their descriptions do not spell out. */
const ENUM_NAMES: Record<string, string> = {
  left: '居左',
  center: '居中',
  right: '居右',
  primary: '主色',
  success: '成功',
  warning: '警告',
  danger: '危险',
  default: '默认',
  solid: '实心',
  outline: '描边',
  small: '小',
  middle: '中',
  large: '大',
  preheat: '预热中',
  live: '进行中',
  ended: '已结束',
  plain: '紧贴',
  info: '普通',
  alert: '醒目',
  horizontal: '横向',
  vertical: '纵向',
  single: '单选',
  multiple: '多选',
  card: '卡片',
  multi: '多选',
  value: '账户价值',
  payout: '每年领取',
  'schedule.preheatAt': '活动预热时间',
  'schedule.startAt': '活动开始时间',
  'schedule.endAt': '活动结束时间',
  'schedule.offlineAt': '活动下线时间',
  row: '行式',
}

/** The Chinese names of enum values: as the description says them ("card 卡片"), else the table's, else the value. */
export function enumNames(values: readonly unknown[], description: unknown): string[] {
  const text = typeof description === 'string' ? description : ''
  return values.map((value) => {
    const v = String(value)
    const said = new RegExp(
      `(?:^|[\\s：:，,、；])${v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*([\\u4e00-\\u9fa5]+)`,
    ).exec(text)
    return said?.[1] ?? ENUM_NAMES[v] ?? v
  })
}
