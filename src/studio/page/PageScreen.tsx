// The page screen: a toolbar (保存, 发布, 预览链接, 版本, 下线), the publishing panel (pending schedules, what is live
// after a rollback) and the editor workspace. Edits are a working copy
// (useDraft) validated by the server as they happen; publishing needs a saved, error-free draft and the
// publisher role.
import { Alert, App, Button, Result, Spin } from 'antd'
import { Suspense, useCallback, useEffect, useState } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { useSWRConfig } from 'swr'
import { errorMessage } from '../api/client'
import { studioApi } from '../api/endpoints'
import { usePage } from '../api/hooks'
import { EditorWorkspace } from '../editor/EditorWorkspace'
import { formatTime } from '../format'
import { auditHref } from '../paths'
import { hasRole, NEEDS_PUBLISHER, useStaff } from '../session'
import { lazyWithRetry } from '../../lib/lazyWithRetry'
import { useStableCallback } from '../../lib/useStableCallback'
import { ChunkRetryAlert } from '../ChunkRetryAlert'
import { ConflictDialog, type Conflict } from './ConflictDialog'
import { PageToolbar } from './PageToolbar'
import { PublishingPanel, scheduleList } from './PublishingPanel'
import { useDraft } from './useDraft'

// The dialogs load when first opened (date pickers, QR codes, the JSON diff): opening the editor does not wait
// for them (bench:studio). Offline, the one opened says so with 重试 and loads once back online.
const PublishDialog = lazyWithRetry(
  () => import('./PublishDialog').then((m) => ({ default: m.PublishDialog })),
  ChunkRetryAlert,
)
const PreviewLinkDialog = lazyWithRetry(
  () => import('./PreviewLinkDialog').then((m) => ({ default: m.PreviewLinkDialog })),
  ChunkRetryAlert,
)
const MergeDialog = lazyWithRetry(
  () => import('./MergeDialog').then((m) => ({ default: m.MergeDialog })),
  ChunkRetryAlert,
)
const VersionsDrawer = lazyWithRetry(
  () => import('../versions/VersionsDrawer').then((m) => ({ default: m.VersionsDrawer })),
  ChunkRetryAlert,
)

/** Why a button is disabled, or null when it is not. */
function publishBlocker(canPublish: boolean, dirty: boolean, errors: number): string | null {
  if (!canPublish) return NEEDS_PUBLISHER
  if (errors) return `还有 ${errors} 个错误，修正后才能发布`
  if (dirty) return '有未保存的修改，请先保存'
  return null
}

export function PageScreen() {
  const { id = '' } = useParams()
  const staff = useStaff()
  const navigate = useNavigate()
  const { message, modal } = App.useApp()
  const { mutate: mutateAny } = useSWRConfig()
  const { data: detail, error, isLoading, mutate } = usePage(id)
  const { draft, errors, validating, saving, change, save, adoptMerge, load } = useDraft(id, detail)
  const [conflict, setConflict] = useState<Conflict | null>(null)
  const [dialog, setDialog] = useState<'publish' | 'preview' | 'versions' | 'merge' | null>(null)
  const [unpublishing, setUnpublishing] = useState(false)
  const canPublish = hasRole(staff, 'publisher')
  const dirty = draft?.dirty ?? false

  const refreshLists = useCallback(
    () => mutateAny((key) => Array.isArray(key) && key[0] === 'studio' && key[1] === 'pages'),
    [mutateAny],
  )

  const onSave = useCallback(async () => {
    if (!draft || saving) return
    try {
      const result = await save()
      if (result.ok) {
        if (result.errors) message.warning(`已保存。草稿有 ${result.errors} 个错误，修正后才能发布`)
        else message.success('已保存')
        void mutate()
        void refreshLists()
      } else if ('conflict' in result) setConflict({ detail: result.conflict, message: result.message })
      else message.error(`未保存：配置有 ${result.invalid.length} 个错误，请按提示修改`)
    } catch (e) {
      message.error(`保存失败：${errorMessage(e)}`)
    }
  }, [draft, saving, save, message, mutate, refreshLists])

  // Ctrl/⌘+S saves; leaving with unsaved edits asks first.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault()
        void onSave()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [onSave])
  useEffect(() => {
    if (!dirty) return
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [dirty])

  const refresh = async () => {
    const fresh = await mutate()
    if (fresh) load(fresh, false)
    setConflict(null)
  }

  const unpublish = useStableCallback(() =>
    modal.confirm({
      title: '下线这个页面？',
      content: `/activity/${id} 将立即下线，访问者会被带到页面设置的跳转地址。${
        detail?.pending.length ? `待生效的定时发布将被取代：${scheduleList(detail.pending)}。` : ''
      }之后可以重新发布。`,
      okText: '下线',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        setUnpublishing(true)
        try {
          await studioApi.unpublish(id)
          message.success('页面已下线')
          await mutate()
          void refreshLists()
        } catch (e) {
          message.error(errorMessage(e))
        } finally {
          setUnpublishing(false)
        }
      },
    }),
  )
  // 发布 of a draft that differs from a rolled-back live version asks first.
  const openPublish = useStableCallback(() => {
    if (!detail || !draft) return
    if (detail.live?.kind !== 'rollback' || detail.draftMatchesLive !== false) return setDialog('publish')
    modal.confirm({
      title: '草稿与回滚后的线上版本不同',
      content: `线上是回滚后的版本 ${detail.live.version}，草稿（修订 ${draft.revision}）的内容与它不同。发布会用草稿替换线上内容；如果只想在线上版本的基础上修改，请先“载入线上版本到草稿”。`,
      okText: '仍然发布草稿',
      cancelText: '取消',
      onOk: () => setDialog('publish'),
    })
  })
  const saveNow = useStableCallback(() => void onSave())
  const refreshNow = useStableCallback(() => void refresh())
  const keepMine = useStableCallback(() => {
    setConflict(null)
    setDialog('merge')
  })
  const goBack = useStableCallback(() => navigate('/'))
  const openAudit = useStableCallback(() => navigate(auditHref(id)))
  const onPanelChanged = useStableCallback(async (reloadDraft: boolean) => {
    const fresh = await mutate()
    if (reloadDraft && fresh) load(fresh, false)
    void refreshLists()
  })

  if (error && !detail)
    return (
      <Result
        status={error.status === 404 ? '404' : 'error'}
        title={error.status === 404 ? '页面不存在' : '页面加载失败'}
        subTitle={error.status === 404 ? `没有 ID 为 ${id} 的页面，可能地址有误。` : errorMessage(error)}
        extra={[
          <Button key="back" onClick={() => navigate('/')}>
            返回页面列表
          </Button>,
          <Button key="retry" type="primary" onClick={() => void mutate()}>
            重试
          </Button>,
        ]}
      />
    )
  if (isLoading || !detail || !draft)
    return (
      <div style={{ display: 'grid', placeItems: 'center', height: 'calc(100vh - 56px)' }}>
        <Spin size="large" description="正在打开页面…" />
      </div>
    )

  const blocker = publishBlocker(canPublish, dirty, errors.length)
  // 下线 is possible in any phase of a published (or scheduled) page.
  const offlineBlocker = !canPublish
    ? NEEDS_PUBLISHER
    : detail.status === 'draft'
      ? '页面尚未发布'
      : detail.status === 'offline'
        ? '页面已下线'
        : null

  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: 'calc(100vh - 56px)' }}>
      <PageToolbar
        id={id}
        title={draft.config.title}
        detail={detail}
        dirty={dirty}
        savedBy={draft.savedBy}
        savedAt={draft.savedAt}
        errorCount={errors.length}
        validating={validating}
        saving={saving}
        unpublishing={unpublishing}
        blocker={blocker}
        offlineBlocker={offlineBlocker}
        onBack={goBack}
        onSave={saveNow}
        onPublish={openPublish}
        onDialog={setDialog}
        onUnpublish={unpublish}
        onAudit={openAudit}
      />
      <PublishingPanel
        detail={detail}
        revision={draft.revision}
        dirty={dirty}
        canPublish={canPublish}
        onChanged={onPanelChanged}
      />
      {draft.restoredAt && dirty && (
        <Alert
          type="info"
          showIcon
          banner
          title={`已恢复本机保存的未保存修改（${formatTime(draft.restoredAt)}），记得保存。`}
          action={
            <Button size="small" onClick={() => void refresh()}>
              放弃这些修改
            </Button>
          }
        />
      )}
      <div style={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
        <EditorWorkspace
          pageId={id}
          config={draft.config}
          onChange={change}
          errors={errors}
          uploadImage={studioApi.uploadImage}
          compileMarkdown={studioApi.compileMarkdown}
        />
      </div>
      <ConflictDialog conflict={conflict} onRefresh={refreshNow} onKeep={keepMine} />
      <Suspense fallback={null}>
        {dialog === 'publish' && (
          <PublishDialog
            open
            pageId={id}
            revision={draft.revision}
            pending={detail.pending}
            onClose={() => setDialog(null)}
            onPublished={() => {
              void mutate()
              void refreshLists()
            }}
          />
        )}
        {dialog === 'merge' && (
          <MergeDialog
            pageId={id}
            base={draft.base}
            mine={draft.config}
            onCancel={() => setDialog(null)}
            onMerged={(merged, theirs) => {
              adoptMerge(merged, theirs)
              setDialog(null)
              message.info('已合并双方的修改，请检查后保存')
            }}
          />
        )}
        {dialog === 'preview' && (
          <PreviewLinkDialog open pageId={id} dirty={dirty} onClose={() => setDialog(null)} />
        )}
        {dialog === 'versions' && (
          <VersionsDrawer
            open
            pageId={id}
            draft={draft.config}
            liveVersion={detail.liveVersion}
            pending={detail.pending}
            canPublish={canPublish}
            onClose={() => setDialog(null)}
            onRolledBack={() => {
              void mutate()
              void refreshLists()
            }}
          />
        )}
      </Suspense>
    </div>
  )
}
