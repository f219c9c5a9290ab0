// 复制 / 粘贴 blocks across pages (Ctrl+C / Ctrl+V in the workspace), 保存为区块组合 and 我的组合: the buttons
// under 添加区块. Every insertion goes through the workspace's history, so 撤销 takes it back.
import {
  AppstoreOutlined,
  CopyOutlined,
  DownOutlined,
  SaveOutlined,
  SnippetsOutlined,
} from '@ant-design/icons'
import {
  App,
  Button,
  Checkbox,
  Dropdown,
  Empty,
  Input,
  List,
  Modal,
  Popconfirm,
  Space,
  Typography,
} from 'antd'
import { memo, useCallback, useEffect, useState, type RefObject } from 'react'
import useSWR from 'swr'
import { errorMessage } from '../../api/client'
import { collabApi } from '../../api/collab'
import { formatTime } from '../../format'
import { isObject } from '../../../page-config/json'
import { blockInfo } from '../schemas'
import type { PageConfig } from '../types'
import { bundleOf, bundleSummary, insertBundle, type BlockBundle } from './blockTransfer'
import { RenameSection } from './RenameSection'
import { useClipboard, writeClipboard } from './clipboard'

interface Props {
  pageId: string
  /** The page as it is now (read when a tool runs: typing does not re-render the tools). */
  getConfig(): PageConfig
  /** Whether the page has no block (nothing to save as a section). */
  empty: boolean
  selection: string | null
  readOnly: boolean
  root: RefObject<HTMLElement | null>
  apply(next: PageConfig): void
  onInserted(pointer: string): void
}

/** The name a block is listed by: its catalogue name and id, or its title or text. */
function blockLabel(block: unknown): string {
  if (!isObject(block)) return '区块'
  const name = blockInfo(block.type)?.name ?? String(block.type)
  const text = [block.title, block.text].find((v) => typeof v === 'string' && v.trim())
  return `${name}${typeof block.id === 'string' ? ` ${block.id}` : ''}${text ? `：${String(text).slice(0, 16)}` : ''}`
}

const editable = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))

/** Memoized (see Props.getConfig). */
export const BlockCollabTools = memo(function BlockCollabTools({
  pageId,
  getConfig,
  empty,
  selection,
  readOnly,
  root,
  apply,
  onInserted,
}: Props) {
  const { message } = App.useApp()
  const clipboard = useClipboard()
  const [dialog, setDialog] = useState<'save' | 'sections' | null>(null)

  const insert = useCallback(
    (bundle: BlockBundle, what: string) => {
      const inserted = insertBundle(getConfig(), bundle, selection, pageId)
      if (!inserted.pointer) return
      apply(inserted.config)
      onInserted(inserted.pointer)
      message.success(`已${what}：${bundleSummary(bundle)}`)
    },
    [getConfig, selection, pageId, apply, onInserted, message],
  )
  const copy = useCallback(() => {
    if (!selection) return
    const bundle = bundleOf(getConfig(), [selection], pageId)
    writeClipboard(bundle)
    message.success(`已复制 ${bundleSummary(bundle)}，可在任意页面粘贴`)
  }, [getConfig, selection, pageId, message])
  const paste = useCallback(() => {
    if (clipboard) insert(clipboard, '粘贴')
  }, [clipboard, insert])

  // Ctrl/⌘+C and Ctrl/⌘+V in the workspace, except while typing in a field.
  useEffect(() => {
    if (readOnly) return
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.shiftKey || e.altKey) return
      const target = e.target as Node | null
      if (target !== document.body && !root.current?.contains(target)) return
      if (editable(e.target) || window.getSelection()?.toString()) return
      const key = e.key.toLowerCase()
      if (key === 'c' && selection) {
        e.preventDefault()
        copy()
      } else if (key === 'v' && clipboard) {
        e.preventDefault()
        paste()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [readOnly, root, selection, clipboard, copy, paste])

  return (
    <>
      <Space.Compact block style={{ marginTop: 8 }}>
        <Button
          style={{ flex: 1 }}
          icon={<CopyOutlined aria-hidden />}
          disabled={readOnly || !selection}
          onClick={copy}
          title="复制选中的区块，可在任意页面粘贴（Ctrl+C）"
        >
          复制区块
        </Button>
        <Button
          style={{ flex: 1 }}
          icon={<SnippetsOutlined aria-hidden />}
          disabled={readOnly || !clipboard}
          onClick={paste}
          title={clipboard ? `粘贴 ${bundleSummary(clipboard)}（Ctrl+V）` : '先在任意页面选中区块并复制'}
        >
          粘贴区块
        </Button>
      </Space.Compact>
      <Dropdown
        disabled={readOnly}
        trigger={['click']}
        menu={{
          items: [
            { key: 'sections', icon: <AppstoreOutlined aria-hidden />, label: '我的组合' },
            {
              key: 'save',
              icon: <SaveOutlined aria-hidden />,
              label: '保存为区块组合',
              disabled: empty,
            },
          ],
          onClick: ({ key }) => setDialog(key as 'save' | 'sections'),
        }}
      >
        <Button block style={{ marginTop: 8 }} icon={<AppstoreOutlined aria-hidden />}>
          区块组合 <DownOutlined aria-hidden />
        </Button>
      </Dropdown>
      {dialog === 'save' && (
        <SaveSectionDialog
          config={getConfig()}
          pageId={pageId}
          selection={selection}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'sections' && (
        <SectionsDialog
          onClose={() => setDialog(null)}
          onInsert={(bundle) => {
            insert(bundle, '插入组合')
            setDialog(null)
          }}
        />
      )}
    </>
  )
})

function SaveSectionDialog(props: {
  config: PageConfig
  pageId: string
  selection: string | null
  onClose(): void
}) {
  const { message } = App.useApp()
  const { mutate } = useSWR(['studio', 'sections'])
  const top = props.selection?.match(/^\/blocks\/\d+/)?.[0]
  const [name, setName] = useState('')
  const [picked, setPicked] = useState<string[]>(top ? [top] : [])
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const options = props.config.blocks.map((block, i) => ({ value: `/blocks/${i}`, label: blockLabel(block) }))
  const save = async () => {
    if (!name.trim()) return setError('请填写组合名称')
    if (!picked.length) return setError('请至少选择一个区块')
    // In page order, whatever order they were ticked in.
    const pointers = options.map((o) => o.value).filter((p) => picked.includes(p))
    const bundle = bundleOf(props.config, pointers, props.pageId)
    setSaving(true)
    try {
      const [first, ...rest] = bundle.blocks
      if (!first) return setError('请至少选择一个区块')
      await collabApi.saveSection({
        name: name.trim(),
        blocks: [
          { ...first, type: String(first.type) },
          ...rest.map((b) => ({ ...b, type: String(b.type) })),
        ],
        campaigns: bundle.campaigns,
      })
      message.success(`已保存为区块组合「${name.trim()}」`)
      void mutate()
      props.onClose()
    } catch (e) {
      setError(errorMessage(e))
    } finally {
      setSaving(false)
    }
  }
  return (
    <Modal
      open
      title="保存为区块组合"
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={props.onClose}
    >
      <Typography.Paragraph type="secondary">
        组合保存在服务器上，所有同事都能在「我的组合」中插入；其中的活动在插入时使用新的活动编号。
      </Typography.Paragraph>
      <Input
        aria-label="组合名称"
        placeholder="组合名称，如 双十二抽奖区"
        maxLength={30}
        value={name}
        onChange={(e) => {
          setName(e.target.value)
          setError(null)
        }}
      />
      <Typography.Text strong style={{ display: 'block', margin: '12px 0 4px' }}>
        包含的区块
      </Typography.Text>
      <Checkbox.Group
        style={{ display: 'flex', flexDirection: 'column', gap: 4, maxHeight: 280, overflow: 'auto' }}
        options={options}
        value={picked}
        onChange={(v) => {
          setPicked(v as string[])
          setError(null)
        }}
      />
      {error && (
        <Typography.Text type="danger" role="alert" style={{ display: 'block', marginTop: 8 }}>
          {error}
        </Typography.Text>
      )}
    </Modal>
  )
}

function SectionsDialog(props: { onClose(): void; onInsert(bundle: BlockBundle): void }) {
  const { message } = App.useApp()
  const { data, error, isLoading, mutate } = useSWR(['studio', 'sections'], () => collabApi.sections(), {
    revalidateOnFocus: false,
  })
  return (
    <Modal open title="我的组合" footer={null} width={560} onCancel={props.onClose}>
      {error ? (
        <Typography.Text type="danger">组合加载失败：{errorMessage(error)}</Typography.Text>
      ) : (
        <List
          loading={isLoading}
          locale={{ emptyText: <Empty description="还没有组合：选中区块后点「保存为区块组合」" /> }}
          dataSource={data?.sections ?? []}
          renderItem={(section) => (
            <List.Item
              actions={[
                <Button
                  key="insert"
                  type="primary"
                  size="small"
                  aria-label={`插入组合 ${section.name}`}
                  onClick={() =>
                    props.onInsert({
                      blocks: section.blocks,
                      campaigns: section.campaigns as BlockBundle['campaigns'],
                    })
                  }
                >
                  插入
                </Button>,
                <RenameSection key="rename" section={section} onRenamed={() => void mutate()} />,
                <Popconfirm
                  key="delete"
                  title={`删除组合「${section.name}」？`}
                  okText="删除"
                  cancelText="取消"
                  onConfirm={async () => {
                    try {
                      await collabApi.deleteSection(section.id)
                      message.success('组合已删除')
                      await mutate()
                    } catch (e) {
                      message.error(errorMessage(e))
                    }
                  }}
                >
                  <Button size="small" danger aria-label={`删除组合 ${section.name}`}>
                    删除
                  </Button>
                </Popconfirm>,
              ]}
            >
              <List.Item.Meta
                title={section.name}
                description={`${section.blocks.map(blockLabel).join('、')} · ${section.createdBy} ${formatTime(section.createdAt)}`}
              />
            </List.Item>
          )}
        />
      )}
    </Modal>
  )
}
