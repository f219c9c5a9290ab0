// Under the toolbar: what is live after a rollback and what the draft holds (with 载入线上版本到草稿), and every
// pending schedule with 取消 (publishers). The publishing model is in docs/studio.md.
import { Alert, App, Button, List, Space, Typography } from 'antd'
import { memo, useState } from 'react'
import { errorMessage } from '../api/client'
import { studioApi } from '../api/endpoints'
import type { PageDetail, PendingSchedule } from '../api/types'
import { formatTime } from '../format'
import { Blocked } from './Blocked'
import { NEEDS_PUBLISHER } from '../session'

/** "版本 3（2026-12-01 10:00 上线）、版本 4（…）": the schedules a publication would supersede. */
export const scheduleList = (pending: readonly PendingSchedule[]) =>
  pending.map((p) => `版本 ${p.version}（${formatTime(p.publishAt)} 上线）`).join('、')

export interface PublishingPanelProps {
  detail: PageDetail
  /** The working copy's revision and whether it has unsaved edits. */
  revision: number
  dirty: boolean
  canPublish: boolean
  /** After a change here: reload the page (and the working copy when the draft was replaced). */
  onChanged(reloadDraft: boolean): Promise<void>
}

/** Memoized: the page screen re-renders on every key typed in the editor. */
export const PublishingPanel = memo(function PublishingPanel({
  detail,
  revision,
  dirty,
  canPublish,
  onChanged,
}: PublishingPanelProps) {
  const { modal, message } = App.useApp()
  const [loadingLive, setLoadingLive] = useState(false)
  const [cancelling, setCancelling] = useState<string | null>(null)
  const { live, pending, draftMatchesLive } = detail

  const loadLive = () =>
    modal.confirm({
      title: `载入线上版本 ${live?.version} 到草稿？`,
      content: dirty
        ? '草稿会被线上版本的内容替换，你尚未保存的修改将丢失。之后可以在“版本”中找回已发布过的内容。'
        : '草稿会被线上版本的内容替换（记为一次保存，可在操作日志中查到）。',
      okText: '载入',
      cancelText: '取消',
      onOk: async () => {
        setLoadingLive(true)
        try {
          const saved = await studioApi.loadLive(detail.id, revision)
          message.success(`已载入线上版本 ${live?.version}，草稿修订 ${saved.revision}`)
          await onChanged(true)
        } catch (e) {
          message.error(errorMessage(e))
        } finally {
          setLoadingLive(false)
        }
      },
    })

  const cancel = (schedule: PendingSchedule) =>
    modal.confirm({
      title: `取消版本 ${schedule.version} 的定时发布？`,
      content: `原定 ${formatTime(schedule.publishAt)} 上线，取消后不会上线（记录保留在版本和操作日志中）。`,
      okText: '取消定时发布',
      cancelText: '不取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        setCancelling(schedule.id)
        try {
          await studioApi.cancelSchedule(detail.id, schedule.id)
          message.success(`已取消版本 ${schedule.version} 的定时发布`)
          await onChanged(false)
        } catch (e) {
          message.error(errorMessage(e))
        } finally {
          setCancelling(null)
        }
      },
    })

  const rolledBack = live?.kind === 'rollback'
  if (!rolledBack && !pending.length) return null
  return (
    <div data-testid="publishing-panel">
      {rolledBack && live && (
        <Alert
          type={draftMatchesLive ? 'info' : 'warning'}
          showIcon
          banner
          data-testid="rollback-notice"
          title={
            <span>
              线上为版本 {live.version}（{live.by} 于 {formatTime(live.publishAt)} 回滚）。草稿修订{' '}
              {detail.draftRevision}
              {draftMatchesLive
                ? '，内容与线上版本相同。'
                : '，内容与线上版本不同：直接发布会替换掉回滚后的线上内容。'}
            </span>
          }
          action={
            draftMatchesLive ? undefined : (
              <Button size="small" loading={loadingLive} disabled={loadingLive} onClick={loadLive}>
                载入线上版本到草稿
              </Button>
            )
          }
        />
      )}
      {pending.length > 0 && (
        <section
          aria-label="待生效的定时发布"
          style={{ padding: '8px 24px', background: '#fffbe6', borderBottom: '1px solid #ffe58f' }}
        >
          <Typography.Text strong>待生效的定时发布</Typography.Text>
          <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
            新的发布、定时发布、回滚或下线会取代它们
          </Typography.Text>
          <List
            size="small"
            dataSource={pending}
            renderItem={(schedule) => (
              <List.Item
                actions={[
                  <Blocked
                    key="cancel"
                    reason={canPublish ? null : NEEDS_PUBLISHER}
                    id={`cancel-blocked-${schedule.id}`}
                  >
                    <Button
                      size="small"
                      danger
                      aria-label={`取消版本 ${schedule.version} 的定时发布`}
                      aria-describedby={canPublish ? undefined : `cancel-blocked-${schedule.id}`}
                      disabled={!canPublish || cancelling !== null}
                      loading={cancelling === schedule.id}
                      onClick={() => cancel(schedule)}
                    >
                      取消
                    </Button>
                  </Blocked>,
                ]}
              >
                <Space>
                  <Typography.Text>版本 {schedule.version}</Typography.Text>
                  <Typography.Text>{formatTime(schedule.publishAt)} 上线</Typography.Text>
                  <Typography.Text type="secondary">
                    {schedule.by} 于 {formatTime(schedule.createdAt)} 设定
                  </Typography.Text>
                </Space>
              </List.Item>
            )}
          />
        </section>
      )}
    </div>
  )
})
