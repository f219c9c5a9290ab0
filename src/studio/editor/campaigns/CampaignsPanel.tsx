// The 活动 side tab: the page's campaigns (title, kind, window, errors), 新建活动 by kind, delete (warning when a
// block uses it), and the selected campaign's form. Edits go out as whole configs through `apply`, so undo/redo
// covers them.

import { useEffect, useMemo, useState } from 'react'
import { Badge, Button, Dropdown, Empty, Popconfirm, Typography } from 'antd'
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import type { Json } from '../configOps'
import { formatBeijing } from '../fields'
import type { PageConfig, StudioConfigError } from '../types'
import { CampaignErrors, errorsAtFor, focusCampaignField } from './FieldAt'
import { CampaignForm } from './CampaignForm'
import {
  blocksUsing,
  CAMPAIGN_KINDS,
  campaignOfPointer,
  campaignsOf,
  kindLabel,
  KIND_LABELS,
  newCampaign,
  patchAt,
  withCampaign,
  type CampaignKind,
  type Edit,
} from './campaignModel'
import type { CampaignTabState } from './campaignTab'
import './campaigns.css'

const windowText = (campaign: Json): string => {
  const w = campaign.window as Json | undefined
  const at = (v: unknown) =>
    typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? formatBeijing(Date.parse(v)) : '未设置'
  return `${at(w?.startAt)} – ${at(w?.endAt)}`
}

export function CampaignsPanel({
  config: given,
  errors,
  readOnly,
  uploadImage,
  apply,
  tab,
}: {
  config: PageConfig
  errors: readonly StudioConfigError[]
  readOnly: boolean
  uploadImage(file: File): Promise<string>
  apply(next: PageConfig, coalesceKey?: string): void
  tab: CampaignTabState
}) {
  // The page screen takes each edit as a transition, so `given` lags behind fast edits and its renders may even
  // bring back an older config of ours. The panel shows and edits what it sent last; a config it never sent (the
  // page loaded, the JSON view, a block's 新建活动) is taken as it comes. Undo and redo remount the panel.
  // What it sent (and so will see again, perhaps late) and the latest config, which edits build on at once.
  const [mine] = useState(() => new WeakSet<object>())
  const [latest] = useState(() => new Map([['config', given]]))
  const latestConfig = () => latest.get('config') ?? given
  const [shown, setShown] = useState(given)
  const [prop, setProp] = useState(given)
  if (given !== prop) {
    setProp(given)
    if (!mine.has(given)) {
      latest.set('config', given)
      setShown(given)
    }
  }
  const config = shown
  const commit = (next: PageConfig, coalesceKey?: string) => {
    mine.add(next)
    latest.set('config', next)
    setShown(next)
    apply(next, coalesceKey)
  }
  const edit: Edit = (pointer, fn, coalesceKey) => commit(patchAt(latestConfig(), pointer, fn), coalesceKey)
  const campaigns = campaignsOf(config)
  const ids = Object.keys(campaigns)
  const current = tab.selected && campaigns[tab.selected] ? tab.selected : (ids[0] ?? null)
  const errorsAt = useMemo(() => errorsAtFor(errors), [errors])
  const { focus } = tab
  useEffect(() => {
    if (focus) focusCampaignField(focus.pointer)
  }, [focus])

  const create = (kind: CampaignKind) => {
    const { id, campaign } = newCampaign(kind, latestConfig())
    commit(withCampaign(latestConfig(), id, campaign))
    tab.select(id)
  }
  return (
    <CampaignErrors.Provider value={errorsAt}>
      <div className="campaigns-panel">
        <div className="campaigns-head">
          <Typography.Text type="secondary">本页活动 {ids.length} 个（最多 8 个）</Typography.Text>
          <Dropdown
            disabled={readOnly || ids.length >= 8}
            trigger={['click']}
            menu={{
              items: CAMPAIGN_KINDS.map((kind) => ({ key: kind, label: KIND_LABELS[kind] })),
              onClick: ({ key }) => create(key as CampaignKind),
            }}
          >
            <Button type="primary" size="small" icon={<PlusOutlined />}>
              新建活动
            </Button>
          </Dropdown>
        </div>
        {ids.length === 0 ? (
          <Empty description="本页还没有活动：点“新建活动”选择抽奖、竞猜、领券、领取赠险或表单登记" />
        ) : (
          <ul className="campaigns-list" aria-label="活动列表">
            {ids.map((id) => {
              const campaign = campaigns[id]
              const count = errors.filter((e) => campaignOfPointer(e.pointer) === id).length
              const users = blocksUsing(config, id)
              return (
                <li
                  key={id}
                  className={id === current ? 'campaigns-item campaigns-item-active' : 'campaigns-item'}
                >
                  <button
                    type="button"
                    className="campaigns-item-main"
                    aria-current={id === current}
                    onClick={() => tab.select(id)}
                  >
                    <span className="campaigns-item-title">
                      {typeof campaign.title === 'string' && campaign.title ? campaign.title : id}
                      <span className="campaigns-item-kind">{kindLabel(campaign.kind)}</span>
                      {count > 0 && <Badge count={count} size="small" style={{ marginLeft: 6 }} />}
                    </span>
                    <span className="campaigns-item-window">{windowText(campaign)}</span>
                  </button>
                  <Popconfirm
                    title={`删除活动“${String(campaign.title ?? id)}”？`}
                    description={
                      users.length
                        ? `区块 ${users.join('、')} 使用此活动，删除后这些区块须改选其他活动才能发布。`
                        : undefined
                    }
                    okText="删除"
                    cancelText="取消"
                    okButtonProps={{ danger: true }}
                    disabled={readOnly}
                    onConfirm={() => {
                      commit(withCampaign(latestConfig(), id, undefined))
                      if (tab.selected === id) tab.select(null)
                    }}
                  >
                    <Button
                      size="small"
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`删除活动 ${String(campaign.title ?? id)}`}
                      disabled={readOnly}
                    />
                  </Popconfirm>
                </li>
              )
            })}
          </ul>
        )}
        {current && (
          <CampaignForm
            key={current}
            id={current}
            campaign={campaigns[current]}
            others={ids
              .filter((id) => id !== current)
              .map((id) => ({ id, title: String(campaigns[id].title ?? id) }))}
            readOnly={readOnly}
            uploadImage={uploadImage}
            edit={edit}
          />
        )}
      </div>
    </CampaignErrors.Provider>
  )
}
