// The studio's own editors inside the generated forms: actions and conditions as structured pickers, times in
// +08:00, images with upload and a thumbnail, markdown with a preview, phases as checkboxes. Each is chosen by
// the `x-studio` mark schemas.ts puts on a field.

import { useEffect, useState, type ReactNode } from 'react'
import { Button, Checkbox, DatePicker, Input, Select, Space, Switch, Typography } from 'antd'
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import type { FieldProps, RegistryFieldsType, RegistryWidgetsType, WidgetProps } from '@rjsf/utils'
import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc'
import { MarkdownTree } from '../../components/MarkdownTree'
import { describeConfigApiPaths } from '../../page-config/apiPaths'
import { ACTION_FIELD_LABELS as LABEL } from '../../page-config/fieldLabels'
import { STATUS_WORDS } from '../../page-config/schedule'
import type { MarkdownTrees } from './types'
import { isObject, type Json } from './configOps'
import { ImageField } from './assets/ImageField'
import { CampaignRefField } from './campaigns/CampaignPicker'
import { useEnterToConfirm } from './enterToConfirm'
import { ProductSourceField } from './productSource/ProductSourceField'

dayjs.extend(utc)

/** What the custom editors need from the workspace (rjsf's formContext). */
export interface EditorFormContext {
  uploadImage(file: File): Promise<string>
  compileMarkdown(sources: string[]): Promise<MarkdownTrees>
  /** Ids of the page's blocks, for 滚动到. */
  blockIds: readonly string[]
  readOnly: boolean
}

const TZ_MINUTES = 480

/** An ISO time as the +08:00 wall clock, as a local dayjs the picker can show. */
export function toPickerValue(iso: unknown): dayjs.Dayjs | null {
  if (typeof iso !== 'string' || Number.isNaN(Date.parse(iso))) return null
  return dayjs(dayjs(iso).utcOffset(TZ_MINUTES).format('YYYY-MM-DDTHH:mm:ss'))
}
/** The picker's wall clock read as +08:00. */
export function fromPickerValue(value: dayjs.Dayjs | null): string | undefined {
  return value ? `${value.format('YYYY-MM-DDTHH:mm:ss')}+08:00` : undefined
}
/** A moment shown in +08:00, e.g. 2027-01-20 10:00. */
export function formatBeijing(ms: number): string {
  return dayjs(ms).utcOffset(TZ_MINUTES).format('YYYY-MM-DD HH:mm')
}

/** A time picked as the +08:00 wall clock (ISO string in, ISO string or undefined out). */
export function BeijingDateTimePicker(props: {
  id?: string
  value: unknown
  disabled?: boolean
  status?: 'error'
  onChange(value: string | undefined): void
}) {
  const enter = useEnterToConfirm(props.value, props.onChange, (v) => fromPickerValue(v)!)
  return (
    // Keys in the picker's panel (a portal) reach this wrapper too: Enter confirms and closes from either.
    <div onKeyDown={enter.onKeyDown}>
      <DatePicker
        id={props.id}
        showTime
        format="YYYY-MM-DD HH:mm:ss"
        placeholder="选择时间（北京时间）"
        disabled={props.disabled}
        status={props.status}
        value={toPickerValue(props.value)}
        open={enter.open}
        onOpenChange={enter.setOpen}
        onCalendarChange={enter.onPending}
        onChange={(v) => enter.send(fromPickerValue(v))}
        style={{ width: '100%' }}
        suffixIcon={<span style={{ fontSize: 12 }}>+08:00</span>}
      />
    </div>
  )
}

function DateTimeWidget(props: WidgetProps) {
  return (
    <BeijingDateTimePicker
      id={props.id}
      disabled={props.disabled || props.readonly}
      value={props.value}
      onChange={(v) => props.onChange(v)}
    />
  )
}

function ImageWidget(props: WidgetProps) {
  const context = props.registry.formContext as EditorFormContext
  return (
    <ImageField
      id={props.id}
      value={typeof props.value === 'string' ? props.value : undefined}
      onChange={(url) => props.onChange(url)}
      uploadImage={context.uploadImage}
      disabled={props.disabled || props.readonly}
      label={props.label || undefined}
    />
  )
}

function MarkdownWidget(props: WidgetProps) {
  const context = props.registry.formContext as EditorFormContext
  const [preview, setPreview] = useState(false)
  const [tree, setTree] = useState<MarkdownTrees>({})
  const value = typeof props.value === 'string' ? props.value : ''
  useEffect(() => {
    if (!preview || !value || tree[value]) return
    const timer = setTimeout(() => {
      context
        .compileMarkdown([value])
        .then((trees) => setTree(trees))
        .catch(() => undefined)
    }, 300)
    return () => clearTimeout(timer)
  }, [preview, value, tree, context])
  return (
    <div>
      <Space style={{ marginBottom: 4 }}>
        <Switch size="small" checked={preview} onChange={setPreview} aria-label="Markdown 预览" />
        <Typography.Text type="secondary">预览</Typography.Text>
      </Space>
      <Input.TextArea
        id={props.id}
        value={value}
        autoSize={{ minRows: 4, maxRows: 16 }}
        disabled={props.disabled || props.readonly}
        onChange={(e) => props.onChange(e.target.value || undefined)}
      />
      {preview && (
        // The page's own renderer; a link is shown, not followed (this is the studio).
        <div
          className="studio-markdown-preview"
          data-testid="markdown-preview"
          onClickCapture={(e) => {
            if ((e.target as Element).closest('a')) e.preventDefault()
          }}
        >
          {tree[value] ? (
            <MarkdownTree nodes={tree[value]} />
          ) : (
            <Typography.Text type="secondary">生成预览中…</Typography.Text>
          )}
        </div>
      )}
    </div>
  )
}

/** The phases a block can be shown in (showIn), in the status words shown everywhere. */
const PHASES = (['preheat', 'live', 'ended'] as const).map((value) => ({ value, label: STATUS_WORDS[value] }))

function FieldFrame({ label, errors, children }: { label: string; errors?: string[]; children: ReactNode }) {
  return (
    <div className="studio-field">
      <div className="studio-field-label">{label}</div>
      {children}
      {errors?.map((e) => (
        <div key={e} className="studio-field-error" role="alert">
          {e}
        </div>
      ))}
    </div>
  )
}

const errorsOf = (props: FieldProps): string[] => (props.errorSchema?.__errors as string[] | undefined) ?? []
const labelOfField = (props: FieldProps): string => String(props.schema.title ?? props.name)

function PhasesField(props: FieldProps) {
  const value = Array.isArray(props.formData) ? (props.formData as string[]) : []
  return (
    <FieldFrame label={labelOfField(props)} errors={errorsOf(props)}>
      <Checkbox.Group
        options={PHASES}
        value={value}
        disabled={props.disabled || props.readonly}
        onChange={(v) => props.onChange(v.length ? (v as string[]) : undefined, props.fieldPathId.path)}
      />
    </FieldFrame>
  )
}

const ACTION_TYPES = [
  { value: 'navigate', label: '站内跳转' },
  { value: 'link', label: '外部链接' },
  { value: 'api', label: '调用接口' },
  { value: 'login', label: '登录' },
  { value: 'share', label: '分享' },
  { value: 'toast', label: '提示' },
  { value: 'scroll-to', label: '滚动到区块' },
  { value: 'dialog', label: '弹窗' },
]

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="studio-sub-row">
      <span className="studio-sub-label">{label}</span>
      <span className="studio-sub-input">{children}</span>
    </label>
  )
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : ''
}

/** One action, by type. `onlyNavigate` for an api action's `then`. */
export function ActionEditor({
  value,
  onChange,
  blockIds,
  disabled,
  onlyNavigate,
}: {
  value: Json | undefined
  onChange(v: Json | undefined): void
  blockIds: readonly string[]
  disabled?: boolean
  onlyNavigate?: boolean
}) {
  const type = text(value?.type)
  const set = (key: string, v: unknown) => {
    const next: Json = { ...(value ?? {}) }
    if (v === '' || v === undefined || v === false) delete next[key]
    else next[key] = v
    onChange(next)
  }
  // Each field's label is the one the merge dialog and the version diff name it by (fieldLabels.ts).
  const str = (key: string, placeholder?: string, area?: boolean) => (
    <Row label={LABEL[key]}>
      {area ? (
        <Input.TextArea
          value={text(value?.[key])}
          disabled={disabled}
          autoSize={{ minRows: 2, maxRows: 6 }}
          onChange={(e) => set(key, e.target.value)}
        />
      ) : (
        <Input
          value={text(value?.[key])}
          placeholder={placeholder}
          disabled={disabled}
          onChange={(e) => set(key, e.target.value)}
        />
      )}
    </Row>
  )
  return (
    <div className="studio-action">
      {!onlyNavigate && (
        <Row label="动作">
          <Select
            aria-label={LABEL.type}
            value={type || undefined}
            placeholder="无动作"
            allowClear
            disabled={disabled}
            options={ACTION_TYPES}
            style={{ width: '100%' }}
            onChange={(t: string | undefined) => onChange(t ? { type: t } : undefined)}
          />
        </Row>
      )}
      {(type === 'navigate' || onlyNavigate) && (
        <>
          {str('to', '/product?id=p-1')}
          <Row label={LABEL.replace}>
            <Switch
              size="small"
              checked={value?.replace === true}
              disabled={disabled}
              onChange={(v) => set('replace', v)}
            />
          </Row>
        </>
      )}
      {type === 'link' && str('href', 'https://…')}
      {type === 'api' && (
        <>
          {str('url', describeConfigApiPaths('post'))}
          {str('successText')}
          <Row label={LABEL.then}>
            <Input
              value={text(isObject(value?.then) ? value.then.to : undefined)}
              placeholder="不跳转"
              disabled={disabled}
              onChange={(e) =>
                set('then', e.target.value ? { type: 'navigate', to: e.target.value } : undefined)
              }
            />
          </Row>
        </>
      )}
      {type === 'toast' && (
        <>
          {str('text')}
          <Row label={LABEL.kind}>
            <Select
              value={text(value?.kind) || undefined}
              placeholder="普通"
              allowClear
              disabled={disabled}
              style={{ width: '100%' }}
              options={[
                { value: 'info', label: '普通' },
                { value: 'success', label: '成功' },
                { value: 'error', label: '错误' },
                { value: 'warning', label: '警告' },
              ]}
              onChange={(v: string | undefined) => set('kind', v)}
            />
          </Row>
        </>
      )}
      {type === 'scroll-to' && (
        <Row label={LABEL.target}>
          <Select
            value={text(value?.target) || undefined}
            placeholder="选择区块 id"
            showSearch
            disabled={disabled}
            style={{ width: '100%' }}
            options={blockIds.map((id) => ({ value: id, label: id }))}
            onChange={(v: string) => set('target', v)}
          />
        </Row>
      )}
      {type === 'dialog' && (
        <>
          {str('title')}
          {str('content', undefined, true)}
          {str('confirmText', '知道了')}
        </>
      )}
    </div>
  )
}

function ActionField(props: FieldProps) {
  const context = props.registry.formContext as EditorFormContext
  const navigate = props.uiSchema?.['ui:options']?.navigate === true
  const value = isObject(props.formData) ? props.formData : undefined
  return (
    <FieldFrame label={labelOfField(props)} errors={errorsOf(props)}>
      <ActionEditor
        value={navigate && !value ? { type: 'navigate' } : value}
        onlyNavigate={navigate}
        blockIds={context.blockIds}
        disabled={props.disabled || props.readonly}
        onChange={(v) => props.onChange(navigate && v && !text(v.to) ? undefined : v, props.fieldPathId.path)}
      />
    </FieldFrame>
  )
}

type ConditionKind = 'loggedIn' | 'query' | 'state' | 'all' | 'any' | 'not'
const CONDITION_KINDS: { value: ConditionKind; label: string }[] = [
  { value: 'loggedIn', label: '登录状态' },
  { value: 'query', label: '查询参数' },
  { value: 'state', label: '全局状态' },
  { value: 'all', label: '全部满足' },
  { value: 'any', label: '任一满足' },
  { value: 'not', label: '取反' },
]
const kindOf = (c: Json | undefined): ConditionKind | undefined =>
  c ? CONDITION_KINDS.find((k) => k.value in c)?.value : undefined
const freshCondition = (kind: ConditionKind): Json => {
  switch (kind) {
    case 'loggedIn':
      return { loggedIn: true }
    case 'query':
      return { query: '' }
    case 'state':
      return { state: 'user.', equals: '' }
    case 'all':
    case 'any':
      return { [kind]: [{ loggedIn: true }] }
    case 'not':
      return { not: { loggedIn: true } }
  }
}

/** One condition, nested all/any/not included. */
export function ConditionEditor({
  value,
  onChange,
  disabled,
  depth = 0,
}: {
  value: Json | undefined
  onChange(v: Json | undefined): void
  disabled?: boolean
  depth?: number
}) {
  const kind = kindOf(value)
  const list = kind === 'all' || kind === 'any' ? (value?.[kind] as unknown[]) : []
  return (
    <div className={depth ? 'studio-condition studio-condition-nested' : 'studio-condition'}>
      <Select
        aria-label="条件类型"
        value={kind}
        placeholder="总是显示"
        allowClear={depth === 0}
        disabled={disabled}
        style={{ width: 140 }}
        options={CONDITION_KINDS}
        onChange={(k: ConditionKind | undefined) => onChange(k ? freshCondition(k) : undefined)}
      />
      {kind === 'loggedIn' && (
        <Select
          value={value?.loggedIn === true}
          disabled={disabled}
          style={{ width: 120, marginLeft: 8 }}
          options={[
            { value: true, label: '已登录' },
            { value: false, label: '未登录' },
          ]}
          onChange={(v: boolean) => onChange({ loggedIn: v })}
        />
      )}
      {kind === 'query' && (
        <Space style={{ marginTop: 6, display: 'flex' }}>
          <Input
            addonBefore="参数名"
            value={text(value?.query)}
            disabled={disabled}
            onChange={(e) => onChange({ ...value, query: e.target.value })}
          />
          <Input
            addonBefore="等于"
            placeholder="任意值"
            value={text(value?.equals)}
            disabled={disabled}
            onChange={(e) => {
              const next: Json = { ...value }
              if (e.target.value) next.equals = e.target.value
              else delete next.equals
              onChange(next)
            }}
          />
        </Space>
      )}
      {kind === 'state' && (
        <Space style={{ marginTop: 6, display: 'flex' }}>
          <Input
            addonBefore="状态"
            placeholder="user.userInfo.level"
            value={text(value?.state)}
            disabled={disabled}
            onChange={(e) => onChange({ ...value, state: e.target.value })}
          />
          <Input
            addonBefore="等于"
            value={value?.equals === undefined ? '' : String(value.equals)}
            disabled={disabled}
            onChange={(e) => {
              const raw = e.target.value
              const parsed =
                raw === 'true'
                  ? true
                  : raw === 'false'
                    ? false
                    : raw !== '' && !Number.isNaN(Number(raw))
                      ? Number(raw)
                      : raw
              onChange({ ...value, equals: parsed })
            }}
          />
        </Space>
      )}
      {(kind === 'all' || kind === 'any') && (
        <div className="studio-condition-list">
          {list.map((item, i) => (
            <div key={i} className="studio-condition-item">
              <ConditionEditor
                depth={depth + 1}
                disabled={disabled}
                value={isObject(item) ? item : undefined}
                onChange={(v) =>
                  onChange({
                    [kind]: v ? list.map((x, j) => (j === i ? v : x)) : list.filter((_, j) => j !== i),
                  })
                }
              />
              <Button
                size="small"
                type="text"
                icon={<DeleteOutlined />}
                aria-label="删除条件"
                disabled={disabled || list.length <= 1}
                onClick={() => onChange({ [kind]: list.filter((_, j) => j !== i) })}
              />
            </div>
          ))}
          <Button
            size="small"
            icon={<PlusOutlined />}
            disabled={disabled}
            onClick={() => onChange({ [kind]: [...list, { loggedIn: true }] })}
          >
            添加条件
          </Button>
        </div>
      )}
      {kind === 'not' && (
        <div className="studio-condition-list">
          <ConditionEditor
            depth={depth + 1}
            disabled={disabled}
            value={isObject(value?.not) ? value.not : undefined}
            onChange={(v) => onChange({ not: v ?? { loggedIn: true } })}
          />
        </div>
      )}
    </div>
  )
}

function ConditionField(props: FieldProps) {
  return (
    <FieldFrame label={labelOfField(props)} errors={errorsOf(props)}>
      <ConditionEditor
        value={isObject(props.formData) ? props.formData : undefined}
        disabled={props.disabled || props.readonly}
        onChange={(v) => props.onChange(v, props.fieldPathId.path)}
      />
    </FieldFrame>
  )
}

function NestedBlocksField(props: FieldProps) {
  const count = Array.isArray(props.formData) ? props.formData.length : 0
  return (
    <FieldFrame label={labelOfField(props)} errors={errorsOf(props)}>
      <Typography.Text type="secondary">{count} 个区块（在左侧区块树中编辑）</Typography.Text>
    </FieldFrame>
  )
}

export const studioFields: RegistryFieldsType = {
  action: ActionField,
  condition: ConditionField,
  phases: PhasesField,
  'nested-blocks': NestedBlocksField,
  campaign: CampaignRefField,
  'product-source': ProductSourceField,
}

export const studioWidgets: RegistryWidgetsType = {
  datetime: DateTimeWidget,
  image: ImageWidget,
  markdown: MarkdownWidget,
}
