// 版本: the page's immutable versions with their publications; pick any two (or one and the current draft) to
// see the block-level difference; 回滚到此版本 republishes an older version now (publishers).
import { App, Alert, Button, Checkbox, Drawer, Empty, List, Space, Spin, Tag, Typography } from 'antd'
import { useState } from 'react'
import useSWR from 'swr'
import { errorMessage } from '../api/client'
import { studioApi } from '../api/endpoints'
import { useVersions } from '../api/hooks'
import type { PageConfig, PageVersion, PendingSchedule, Publication } from '../api/types'
import { formatTime } from '../format'
import { Blocked } from '../page/Blocked'
import { scheduleList } from '../page/PublishingPanel'
import { NEEDS_PUBLISHER } from '../session'
import { VersionDiff } from './VersionDiff'

const KIND_NAMES: Record<string, string> = {
  publish: '发布',
  schedule: '定时发布',
  rollback: '回滚发布',
  unpublish: '下线',
}

/** A publication that did not simply happen: pending, cancelled by someone, or superseded by a newer one. */
function stateText(p: Publication): string {
  if (p.state === 'pending') return ' · 待生效'
  if (p.state === 'cancelled') return ` · 已取消（${p.endedBy} ${formatTime(p.endedAt)}）`
  if (p.state === 'superseded') return ` · 已被取代（${p.endedBy} ${formatTime(p.endedAt)} 的发布）`
  return ''
}

/** 'draft' or a version number. */
type Choice = 'draft' | number

export interface VersionsDrawerProps {
  open: boolean
  pageId: string
  draft: PageConfig
  liveVersion: number | null
  /** Pending schedules, which a rollback supersedes (the confirmation says so). */
  pending: readonly PendingSchedule[]
  canPublish: boolean
  onClose(): void
  /** After a rollback: the page's status changed. */
  onRolledBack(): void
}

function useConfigOf(pageId: string, pick: Choice | undefined, draft: PageConfig) {
  const version = typeof pick === 'number' ? pick : null
  const { data, error } = useSWR(version === null ? null : ['studio', 'version', pageId, version], () =>
    studioApi.version(pageId, version ?? 0),
  )
  if (pick === 'draft') return { config: draft, error: undefined }
  return { config: data?.config, error }
}

const label = (pick: Choice) => (pick === 'draft' ? '当前草稿' : `v${pick}`)

export function VersionsDrawer({
  open,
  pageId,
  draft,
  liveVersion,
  pending,
  canPublish,
  onClose,
  onRolledBack,
}: VersionsDrawerProps) {
  const { data, error, isLoading, mutate } = useVersions(pageId, open)
  const [picked, setPicked] = useState<Choice[]>([])
  const [rollingBack, setRollingBack] = useState<number | null>(null)
  const { modal, message } = App.useApp()

  // Older first: versions by number, the draft after every version.
  const order = (p: Choice) => (p === 'draft' ? Number.MAX_SAFE_INTEGER : p)
  const [olderPick, newerPick] = [...picked].sort((a, b) => order(a) - order(b))
  const older = useConfigOf(pageId, olderPick, draft)
  const newer = useConfigOf(pageId, newerPick, draft)

  const toggle = (pick: Choice, checked: boolean) =>
    setPicked((current) => {
      const rest = current.filter((p) => p !== pick)
      // A third pick replaces the earliest one.
      return checked ? [...rest, pick].slice(-2) : rest
    })

  const rollback = (version: number) =>
    modal.confirm({
      title: `回滚到 v${version}？`,
      content: `将立即重新发布 v${version}（记为一次新的发布），线上页面会切换到这个版本；版本本身不会被修改。${
        pending.length ? `待生效的定时发布将被取代：${scheduleList(pending)}。` : ''
      }`,
      okText: '回滚',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        setRollingBack(version)
        try {
          const result = await studioApi.rollback(pageId, version)
          message.success(`已回滚，线上为 v${result.version}`)
          await mutate()
          onRolledBack()
        } catch (e) {
          message.error(errorMessage(e))
        } finally {
          setRollingBack(null)
        }
      },
    })

  const publications = (list: Publication[]) =>
    list.map((p, i) => (
      <div key={i}>
        <Typography.Text type="secondary">
          {KIND_NAMES[p.kind] ?? p.kind} · {formatTime(p.publishAt)} · {p.by}
          {stateText(p)}
        </Typography.Text>
      </div>
    ))

  return (
    <Drawer title="版本" open={open} onClose={onClose} size={960} destroyOnHidden>
      {error && <Alert type="error" showIcon title={`版本加载失败：${errorMessage(error)}`} />}
      {isLoading && <Spin description="正在加载…" />}
      {data && (
        <>
          <Typography.Paragraph type="secondary">
            勾选两项进行对比（也可以选“当前草稿”）。
          </Typography.Paragraph>
          <List<{ pick: Choice; version?: PageVersion }>
            bordered
            size="small"
            dataSource={[
              { pick: 'draft' as Choice },
              ...data.versions.map((v) => ({ pick: v.version as Choice, version: v })),
            ]}
            renderItem={({ pick, version }) => (
              <List.Item
                actions={
                  version
                    ? [
                        <Blocked
                          key="rollback"
                          reason={canPublish ? null : NEEDS_PUBLISHER}
                          id={`rollback-blocked-${version.version}`}
                        >
                          <Button
                            aria-describedby={canPublish ? undefined : `rollback-blocked-${version.version}`}
                            size="small"
                            danger
                            disabled={!canPublish || rollingBack !== null}
                            loading={rollingBack === version.version}
                            onClick={() => rollback(version.version)}
                          >
                            回滚到此版本
                          </Button>
                        </Blocked>,
                      ]
                    : []
                }
              >
                <Space align="start">
                  <Checkbox
                    checked={picked.includes(pick)}
                    onChange={(event) => toggle(pick, event.target.checked)}
                    aria-label={`对比 ${label(pick)}`}
                  />
                  <div>
                    <Space>
                      <Typography.Text strong>{label(pick)}</Typography.Text>
                      {version && version.version === liveVersion && <Tag color="green">线上</Tag>}
                      {/* Saved for an A/B test without publishing it (存草稿为新版本). */}
                      {version && !version.publications.length && <Tag>未发布</Tag>}
                      {version && (
                        <Typography.Text type="secondary">
                          {version.createdBy} 创建于 {formatTime(version.createdAt)}
                        </Typography.Text>
                      )}
                    </Space>
                    {version && publications(version.publications)}
                  </div>
                </Space>
              </List.Item>
            )}
          />
          {!data.versions.length && <Empty description="还没有发布过版本" style={{ marginTop: 16 }} />}
          <div style={{ marginTop: 24 }}>
            {picked.length < 2 ? (
              <Typography.Text type="secondary">选择两项后在这里显示区块级对比。</Typography.Text>
            ) : older.error || newer.error ? (
              <Alert
                type="error"
                showIcon
                title={`版本加载失败：${errorMessage(older.error ?? newer.error)}`}
              />
            ) : older.config && newer.config ? (
              <VersionDiff
                older={older.config}
                newer={newer.config}
                olderLabel={label(olderPick)}
                newerLabel={label(newerPick)}
              />
            ) : (
              <Spin description="正在加载版本…" />
            )}
          </div>
        </>
      )}
    </Drawer>
  )
}
