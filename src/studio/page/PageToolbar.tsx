// The page screen's toolbar: the page's name and state, and 保存, 发布, 预览链接, 版本, 下线. Its parts are memoized
// with plain props and stable handlers: typing in the editor changes the draft on every key, a part only when
// what it shows does (bench:studio, keystroke -> preview).
import {
  ArrowLeftOutlined,
  CloudUploadOutlined,
  HistoryOutlined,
  QrcodeOutlined,
  SaveOutlined,
  StopOutlined,
} from '@ant-design/icons'
import { Badge, Button, Space, Typography } from 'antd'
import { memo } from 'react'
import type { PageDetail } from '../api/types'
import { Link } from 'react-router-dom'
import { formatTime } from '../format'
import { analyticsHref, experimentsHref } from '../paths'
import { StatusTag } from '../pages/StatusTag'
import { Blocked } from './Blocked'
import { PresenceBar } from './PresenceBar'

export interface PageToolbarProps {
  id: string
  title: string | undefined
  detail: PageDetail
  dirty: boolean
  savedBy: string
  savedAt: string
  errorCount: number
  validating: boolean
  saving: boolean
  unpublishing: boolean
  /** Why 发布 / 下线 is disabled, or null. */
  blocker: string | null
  offlineBlocker: string | null
  onBack(): void
  onSave(): void
  onPublish(): void
  onDialog(kind: 'preview' | 'versions'): void
  onUnpublish(): void
  onAudit(): void
}

/** The page's name, state, who else has it open and the live version. */
const TitleLine = memo(function TitleLine({
  id,
  title,
  detail,
}: Pick<PageToolbarProps, 'id' | 'title' | 'detail'>) {
  return (
    <Space size={8} wrap>
      <Typography.Title level={4} style={{ margin: 0 }} ellipsis>
        {title || '（未命名）'}
      </Typography.Title>
      <StatusTag status={detail.status} />
      <PresenceBar pageId={id} />
      {detail.live && (
        <Typography.Text type="secondary" data-testid="live-version">
          线上版本 {detail.live.version}
          {detail.live.kind === 'rollback' ? '（回滚）' : ''}
        </Typography.Text>
      )}
      {detail.live && <Link to={analyticsHref(id)}>数据分析</Link>}
      {detail.live && <Link to={experimentsHref(id)}>A/B 测试</Link>}
    </Space>
  )
})

/** Saved or not, the draft's errors and 校验中… (the only part that changes while a person types). */
const SaveState = memo(function SaveState(
  props: Pick<PageToolbarProps, 'id' | 'dirty' | 'savedBy' | 'savedAt' | 'errorCount' | 'validating'>,
) {
  const { id, dirty, savedBy, savedAt, errorCount, validating } = props
  return (
    <div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        /activity/{id} ·{' '}
        <span data-testid="save-state">
          {dirty ? (
            <Badge status="warning" text="有未保存的修改" />
          ) : (
            `已保存（${savedBy} ${formatTime(savedAt)}）`
          )}
        </span>
        {!dirty && errorCount > 0 && (
          <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid="draft-errors">
            {' '}
            · 草稿有 {errorCount} 个错误
          </Typography.Text>
        )}
        {validating && ' · 校验中…'}
      </Typography.Text>
    </div>
  )
})

type ActionProps = Omit<
  PageToolbarProps,
  'id' | 'title' | 'detail' | 'savedBy' | 'savedAt' | 'validating' | 'onBack'
>

/** The error count and the page's buttons. */
const Actions = memo(function Actions(props: ActionProps) {
  const { dirty, errorCount, saving, unpublishing, blocker, offlineBlocker } = props
  const { onSave, onPublish, onDialog, onUnpublish, onAudit } = props
  return (
    <>
      <Badge count={errorCount} overflowCount={999} showZero={false}>
        <Button
          danger={errorCount > 0}
          type={errorCount ? 'default' : 'text'}
          aria-label={errorCount ? `${errorCount} 个错误` : '没有错误'}
          data-testid="error-count"
        >
          {errorCount ? '错误' : '无错误'}
        </Button>
      </Badge>
      <Button
        icon={<SaveOutlined aria-hidden />}
        onClick={onSave}
        loading={saving}
        disabled={!dirty || saving}
      >
        保存
      </Button>
      <Blocked reason={blocker} id="publish-blocked">
        <Button
          type="primary"
          icon={<CloudUploadOutlined aria-hidden />}
          disabled={blocker !== null}
          aria-describedby={blocker ? 'publish-blocked' : undefined}
          onClick={onPublish}
        >
          发布
        </Button>
      </Blocked>
      <Button icon={<QrcodeOutlined aria-hidden />} onClick={() => onDialog('preview')}>
        预览链接
      </Button>
      <Button icon={<HistoryOutlined aria-hidden />} onClick={() => onDialog('versions')}>
        版本
      </Button>
      <Blocked reason={offlineBlocker} id="unpublish-blocked">
        <Button
          danger
          icon={<StopOutlined aria-hidden />}
          disabled={offlineBlocker !== null || unpublishing}
          aria-describedby={offlineBlocker ? 'unpublish-blocked' : undefined}
          loading={unpublishing}
          onClick={onUnpublish}
        >
          下线
        </Button>
      </Blocked>
      <Button type="link" onClick={onAudit}>
        操作日志
      </Button>
    </>
  )
})

const BackButton = memo(function BackButton({ onBack }: Pick<PageToolbarProps, 'onBack'>) {
  return <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={onBack} aria-label="返回页面列表" />
})

const BAR_STYLE = {
  display: 'flex',
  alignItems: 'center',
  gap: 12,
  padding: '10px 24px',
  background: '#fff',
  borderBottom: '1px solid #f0f0f0',
  flexWrap: 'wrap',
} as const

/** In parts, each memoized: 校验中… coming and going with every pause in typing re-renders only its own line. */
export function PageToolbar(props: PageToolbarProps) {
  const { id, title, detail, savedBy, savedAt, validating, onBack, ...actions } = props
  return (
    <div role="toolbar" aria-label="页面操作" style={BAR_STYLE}>
      <BackButton onBack={onBack} />
      <div style={{ flex: 1, minWidth: 240 }}>
        <TitleLine id={id} title={title} detail={detail} />
        <SaveState
          id={id}
          dirty={actions.dirty}
          savedBy={savedBy}
          savedAt={savedAt}
          errorCount={actions.errorCount}
          validating={validating}
        />
      </div>
      <Actions {...actions} />
    </div>
  )
}
