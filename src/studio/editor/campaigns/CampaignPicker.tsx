// A block's `campaign` in its property form: a picker of the page's campaigns of the kinds that block runs
// (lottery block → 抽奖), plus 新建活动, instead of a typed id. The workspace provides the page's campaigns.

import { createContext, useContext, useMemo, type RefObject } from 'react'
import { Button, Select, Space } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import type { FieldProps } from '@rjsf/utils'
import { setAt } from '../configOps'
import type { PageConfig } from '../types'
import { campaignsOf, kindLabel, newCampaign, withCampaign, type CampaignKind } from './campaignModel'

export interface CampaignPickerValue {
  /** The page's campaigns. */
  campaigns: readonly { id: string; title: string; kind: string }[]
  /** Declares a new campaign of `kind` and points the selected block at it. */
  create(kind: CampaignKind): void
}

export const CampaignPickerContext = createContext<CampaignPickerValue>({
  campaigns: [],
  create: () => undefined,
})

/** The picker's value for the block at `selection`: 新建活动 declares a campaign and points the block at it. */
export function useCampaignPicker(
  config: PageConfig,
  selection: string | null,
  latest: RefObject<PageConfig>,
  apply: (next: PageConfig) => void,
  onCreated: (id: string) => void,
): CampaignPickerValue {
  const { campaigns } = config as { campaigns?: unknown }
  return useMemo(
    () => ({
      campaigns: Object.entries(campaignsOf({ campaigns } as PageConfig)).map(([id, c]) => ({
        id,
        title: String(c.title ?? id),
        kind: String(c.kind),
      })),
      create: (kind) => {
        if (!selection) return
        const made = newCampaign(kind, latest.current)
        const declared = withCampaign(latest.current, made.id, made.campaign)
        apply(setAt(declared, `${selection}/campaign`, made.id) as PageConfig)
        onCreated(made.id)
      },
    }),
    [campaigns, selection, latest, apply, onCreated],
  )
}

export function CampaignRefField(props: FieldProps) {
  const { campaigns, create } = useContext(CampaignPickerContext)
  const kinds = (props.schema['x-campaign-kinds'] as CampaignKind[] | undefined) ?? []
  const value = typeof props.formData === 'string' ? props.formData : undefined
  const fitting = campaigns.filter((c) => kinds.includes(c.kind as CampaignKind))
  const options = fitting.map((c) => ({ value: c.id, label: `${c.title}（${kindLabel(c.kind)} · ${c.id}）` }))
  if (value && !fitting.some((c) => c.id === value)) options.push({ value, label: `${value}（本页未声明）` })
  const errors = (props.errorSchema?.__errors as string[] | undefined) ?? []
  const disabled = props.disabled || props.readonly
  return (
    <div className="studio-field">
      <div className="studio-field-label">
        {String(props.schema.title ?? '活动')}
        {props.required ? ' *' : ''}
      </div>
      <Space.Compact style={{ width: '100%' }}>
        <Select
          id={props.fieldPathId.$id}
          aria-label={String(props.schema.title ?? '活动')}
          status={errors.length ? 'error' : undefined}
          placeholder={`选择本页的${kinds.map(kindLabel).join('或')}活动`}
          allowClear
          disabled={disabled}
          value={value}
          options={options}
          notFoundContent="本页还没有这类活动"
          onChange={(v: string | undefined) => props.onChange(v, props.fieldPathId.path)}
          // Shares the row with 新建活动: it takes what the button leaves, never pushing it out of the panel.
          style={{ flex: 1, minWidth: 0 }}
        />
        {kinds.map((kind) => (
          <Button key={kind} icon={<PlusOutlined />} disabled={disabled} onClick={() => create(kind)}>
            新建{kinds.length > 1 ? kindLabel(kind) : ''}活动
          </Button>
        ))}
      </Space.Compact>
      {errors.map((e) => (
        <div key={e} className="studio-field-error" role="alert">
          {e}
        </div>
      ))}
    </div>
  )
}
