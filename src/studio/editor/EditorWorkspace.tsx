// The editor workspace of the studio's page screen: block tree (left), live preview (centre), property forms,
// page settings and errors (right), a JSON source view, and undo/redo. Controlled: the shell owns the working
// copy (`config`) and the validator's `errors`; every edit goes out through `onChange`.

import { memo, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { Badge, Button, Empty, Segmented, Space, Spin, Tabs, Tooltip, Typography } from 'antd'
import { RedoOutlined, UndoOutlined } from '@ant-design/icons'
import { AddBlock } from './AddBlock'
import { BlockCollabTools } from './collab/BlockCollabTools'
import { BlockTree, type BlockTreeActions, type TreeSlot } from './BlockTree'
import { useCanvas } from './canvas/useCanvas'
import { RowStore } from './rowStore'
import { insertStarterAfter } from './starters/insertStarter'
import { lazyWithRetry } from '../../lib/lazyWithRetry'
import { ChunkRetryAlert } from '../ChunkRetryAlert'
import {
  blockIds,
  blockNodes,
  blockPointerOf,
  duplicateBlock,
  getAt,
  isObject,
  moveToList,
  moveWithin,
  parentOf,
  removeBlock,
  setAt,
  splitPointer,
  type Json,
} from './configOps'
import { ErrorList } from './ErrorList'
import { focusFieldWhenShown } from './focusField'
import type { EditorFormContext } from './fields'
import { useHistory } from './history'
import { JsonView } from './JsonView'
import { ShareCardPreview } from './ShareCardPreview'
import { PreviewPanel, type PreviewPost } from './PreviewPanel'
import { blockFormSchema, blockInfo, pageFormSchema, PAGE_FORM_FIELDS, type BlockInfo } from './schemas'
import { campaignErrorCount, useCampaignTab } from './campaigns/campaignTab'
import { CampaignPickerContext, useCampaignPicker } from './campaigns/CampaignPicker'
import { ProductSourceContext, useProductSource } from './productSource/ProductSourceField'
import { withoutOrphanSources } from './productSource/productSourceModel'
import { campaignOfPointer, campaignsOf } from './campaigns/campaignModel'
import type { MarkdownTrees, PageConfig, StudioConfigError } from './types'
import './editor.css'

export type { StudioConfigError } from './types'

export interface EditorWorkspaceProps {
  pageId: string
  /** Controlled: the working copy. */
  config: PageConfig
  /** Every edit (the workspace keeps undo/redo itself). */
  onChange(config: PageConfig): void
  /** From POST /api/studio/validate or a refused save. */
  errors: StudioConfigError[]
  /** Folder configs and old versions. */
  readOnly?: boolean
  uploadImage(file: File): Promise<string>
  compileMarkdown(sources: string[]): Promise<MarkdownTrees>
}

type Side = 'block' | 'page' | 'campaigns' | 'errors'

/** The rjsf id of a field inside a form (root_a_0_b). */
const fieldId = (relative: string) => ['root', ...splitPointer(relative)].join('_')

interface ToolbarProps {
  canUndo: boolean
  canRedo: boolean
  undo(): void
  redo(): void
  mode: 'visual' | 'json'
  setMode(mode: 'visual' | 'json'): void
  errorCount: number
  readOnly: boolean
  showErrors(): void
}

/** Undo/redo, the view switch and the error count (memoized: a keystroke does not re-render it). */
const Toolbar = memo(function Toolbar(props: ToolbarProps) {
  const { canUndo, canRedo, undo, redo, mode, setMode, errorCount, readOnly, showErrors } = props
  return (
    <div className="studio-editor-bar">
      <Space>
        <Tooltip title="撤销（Ctrl+Z）">
          <Button icon={<UndoOutlined />} disabled={readOnly || !canUndo} onClick={undo}>
            撤销
          </Button>
        </Tooltip>
        <Tooltip title="重做（Ctrl+Shift+Z）">
          <Button icon={<RedoOutlined />} disabled={readOnly || !canRedo} onClick={redo}>
            重做
          </Button>
        </Tooltip>
        <Segmented
          value={mode}
          onChange={(v) => setMode(v as 'visual' | 'json')}
          options={[
            { value: 'visual', label: '可视化编辑' },
            { value: 'json', label: 'JSON 源码' },
          ]}
        />
      </Space>
      <Space>
        {readOnly && <Typography.Text type="secondary">只读</Typography.Text>}
        {errorCount > 0 && (
          <Button type="text" danger onClick={showErrors}>
            <Badge count={errorCount} size="small" offset={[8, -2]}>
              <span>错误</span>
            </Badge>
          </Button>
        )}
      </Space>
    </div>
  )
})

/** The selected block's kind above its form (memoized: a keystroke in the form does not re-render it). */
const BlockHeading = memo(function BlockHeading({ type }: { type: string }) {
  return (
    <Typography.Title level={5} style={{ marginTop: 0 }}>
      {blockInfo(type)?.name}
      <Typography.Text type="secondary" style={{ fontSize: 12, marginLeft: 8 }}>
        {type}
      </Typography.Text>
    </Typography.Title>
  )
})

// The forms (react-jsonschema-form, ajv) load once a block or the page settings are shown (lazyWithRetry: offline,
// with 重试 in their place).
const PropertyForm = lazyWithRetry(
  () => import('./PropertyForm').then((m) => ({ default: m.PropertyForm })),
  ChunkRetryAlert,
)

// The 活动 tab's panel (its forms, prize table and reward editors) loads when the tab is first shown.
const CampaignsPanel = lazyWithRetry(
  () => import('./campaigns/CampaignsPanel').then((m) => ({ default: m.CampaignsPanel })),
  ChunkRetryAlert,
)

/** The side panel's tab bar (memoized; the panels render below it). */
const SideTabs = memo(function SideTabs(props: {
  side: Side
  setSide(side: Side): void
  errorCount: number
  campaignErrors: number
}) {
  return (
    <Tabs
      activeKey={props.side}
      onChange={(k) => props.setSide(k as Side)}
      items={[
        { key: 'block', label: '区块属性' },
        { key: 'page', label: '页面设置' },
        {
          key: 'campaigns',
          label: props.campaignErrors ? `活动（${props.campaignErrors} 个错误）` : '活动',
        },
        { key: 'errors', label: `错误（${props.errorCount}）` },
      ]}
    />
  )
})

// Memoized: the page screen re-renders around it (validation in flight, save state) without an edit to show.
export const EditorWorkspace = memo(function EditorWorkspace(props: EditorWorkspaceProps) {
  const { pageId, config, errors, uploadImage, compileMarkdown } = props
  const readOnly = props.readOnly === true
  // An edit goes to the preview frame first, then to the page screen (which re-renders as a transition).
  const previewPost = useRef<PreviewPost | null>(null)
  const { onChange } = props
  const emit = useCallback(
    (next: PageConfig) => {
      previewPost.current?.(next)
      onChange(next)
    },
    [onChange],
  )
  const history = useHistory(config, emit)
  const { apply } = history
  const [mode, setMode] = useState<'visual' | 'json'>('visual')
  const [side, setSide] = useState<Side>('block')
  const [selected, setSelected] = useState<string | null>(null)
  const focusField = useRef<string | null>(null)
  const campaignTab = useCampaignTab()
  const { pick: pickCampaign, select: selectCampaign } = campaignTab
  const configRef = useRef(config)
  useLayoutEffect(() => {
    configRef.current = config
  }, [config])
  const getConfig = useCallback(() => configRef.current, [])

  const nodes = useMemo(() => blockNodes(config), [config])
  const selectedBlock = selected ? getAt(config, selected) : undefined
  const selection = selected && isObject(selectedBlock) ? selected : null
  const block = selection ? (selectedBlock as Json) : null

  // The tree re-renders only when its structure, selection or error marks change (see rowStore.ts).
  const [store] = useState(() => new RowStore())
  const structure = nodes.map((n) => `${n.pointer}:${n.group ?? ''}`).join('|')
  const slots = useMemo<TreeSlot[]>(
    () => nodes.map(({ pointer, depth, list, group }) => ({ pointer, depth, list, group })),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [structure],
  )
  const blocksByPointer = useMemo(() => new Map(nodes.map((n) => [n.pointer, n.block])), [nodes])
  // See rowStore.ts: rows rendered in this pass must read these blocks.
  store.set(blocksByPointer)
  useLayoutEffect(() => store.flush(), [store, blocksByPointer])
  const errorKey = [
    ...new Set(
      errors.flatMap((e) =>
        [...e.pointer.matchAll(/\/blocks\/\d+/g)].map((m) =>
          e.pointer.slice(0, (m.index ?? 0) + m[0].length),
        ),
      ),
    ),
  ].join('|')
  const errorPointers = useMemo(() => new Set(errorKey ? errorKey.split('|') : []), [errorKey])

  const actions = useMemo<BlockTreeActions>(
    () => ({
      select: (pointer) => {
        setSelected(pointer)
        setSide('block')
      },
      move: (pointer, delta) => {
        const { index } = parentOf(pointer)
        const moved = moveWithin(configRef.current, pointer, index + delta)
        if (moved.config !== configRef.current) {
          apply(moved.config)
          setSelected(moved.pointer)
          // Keep the keyboard on the moved row.
          requestAnimationFrame(() =>
            document.querySelector<HTMLElement>(`[data-pointer="${moved.pointer}"]`)?.focus(),
          )
        }
      },
      duplicate: (pointer) => {
        const copy = duplicateBlock(configRef.current, pointer)
        apply(copy.config)
        setSelected(copy.pointer)
      },
      remove: (pointer) => {
        // With the data sources only it read (its product lists'): one edit, so 撤销 brings both back.
        apply(
          withoutOrphanSources(removeBlock(configRef.current, pointer), getAt(configRef.current, pointer)),
        )
        setSelected(null)
      },
      drop: (pointer, over) => {
        const target = parentOf(over)
        const info = blockInfo(
          getAt(configRef.current, pointer) && (getAt(configRef.current, pointer) as Json).type,
        )
        // A page-only block (tabs) stays on the page.
        if (info?.pageOnly && target.list !== '/blocks') return
        const moved = moveToList(configRef.current, pointer, target.list, target.index)
        if (moved.config !== configRef.current) {
          apply(moved.config)
          setSelected(moved.pointer)
        }
      },
    }),
    [apply],
  )

  const onAdd = useCallback(
    (info: BlockInfo) => {
      // Inside a tab only blocks allowed there; a page-only block goes after the tab's container.
      let after = selection
      if (after && info.pageOnly) after = after.match(/^\/blocks\/\d+/)?.[0] ?? null
      const added = insertStarterAfter(configRef.current, info.type, after)
      apply(added.config)
      setSelected(added.pointer)
      setSide('block')
      requestAnimationFrame(() =>
        document
          .querySelector<HTMLElement>(`[data-pointer="${added.pointer}"]`)
          ?.scrollIntoView?.({ block: 'nearest' }),
      )
    },
    [apply, selection],
  )

  const formContext = useMemo<EditorFormContext>(
    () => ({ uploadImage, compileMarkdown, blockIds: [...blockIds(config)], readOnly }),
    // Ids change rarely; the list is rebuilt with the block structure.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [uploadImage, compileMarkdown, readOnly, nodes.length, selection],
  )

  const campaignPicker = useCampaignPicker(config, selection, configRef, apply, selectCampaign)
  const productSource = useProductSource(config, selection, configRef, apply, errors)

  const onBlockChange = useCallback(
    (value: Json, field: string) => {
      if (!selection) return
      apply(setAt(configRef.current, selection, value), `${selection}:${field}`)
    },
    [apply, selection],
  )

  // Only a change of the page-level fields gives the page form a new value (it stays mounted once shown).
  const { title, layout, requiresLogin, theme, share, schedule, dataSources } = config
  const pageValue = useMemo(() => {
    const parts: Json = { title, layout, requiresLogin, theme, share, schedule, dataSources }
    return Object.fromEntries(Object.entries(parts).filter(([, v]) => v !== undefined))
  }, [title, layout, requiresLogin, theme, share, schedule, dataSources])
  // The WeChat card the page's 分享 fields make, under them.
  const pageAfter = useMemo(
    () => ({ share: <ShareCardPreview pageTitle={title} share={share as Json | undefined} /> }),
    [title, share],
  )
  const pageErrors = useMemo(
    () => errors.filter((e) => PAGE_FORM_FIELDS.includes(splitPointer(e.pointer)[0] ?? '')),
    [errors],
  )
  const onPageChange = useCallback(
    (value: Json, field: string) => {
      const next: Json = { ...configRef.current }
      for (const k of PAGE_FORM_FIELDS) {
        if (value[k] === undefined) delete next[k]
        else next[k] = value[k]
      }
      apply(next as unknown as PageConfig, `page:${field}`)
    },
    [apply],
  )

  const describe = useCallback(
    (e: StudioConfigError) => {
      const campaign = campaignOfPointer(e.pointer)
      if (campaign) return `活动 ${String(campaignsOf(config)[campaign]?.title ?? campaign)}`
      const at = blockPointerOf(config, e.pointer)
      if (!at) return '页面设置'
      const b = getAt(config, at) as Json
      return `${blockInfo(b.type)?.name ?? '区块'}${typeof b.id === 'string' ? ` ${b.id}` : ''}`
    },
    [config],
  )
  const onPickError = useCallback(
    (e: StudioConfigError) => {
      const at = blockPointerOf(configRef.current, e.pointer)
      setMode('visual')
      if (campaignOfPointer(e.pointer)) {
        setSide('campaigns')
        pickCampaign(e.pointer)
      } else if (at) {
        setSelected(at)
        setSide('block')
        focusField.current = fieldId(e.pointer.slice(at.length))
      } else {
        setSide('page')
        focusField.current = fieldId(e.pointer)
      }
    },
    [pickCampaign],
  )
  // After an error is picked and its form is shown, bring its field into view. Not cancelled by the next render
  // (the preview and validation re-render at once): focusField.ts gives up by itself.
  useEffect(() => {
    const id = focusField.current
    if (!id) return
    focusField.current = null
    focusFieldWhenShown(id)
  })

  // Ctrl+Z / Ctrl+Shift+Z anywhere in the workspace, or with nothing focused (a button that was just
  // disabled by the undo drops the focus to the body).
  const root = useRef<HTMLDivElement | null>(null)
  // Undo and redo remount the campaign panel, which otherwise keeps what it sent last (see CampaignsPanel).
  const [historyEpoch, setHistoryEpoch] = useState(0)
  const { undo: historyUndo, redo: historyRedo, canUndo, canRedo } = history
  // The page settings form is remounted once the undone config itself arrives (the page screen hands it over in a
  // transition): rjsf keeps a map's rows (数据源) as it last showed them.
  const [pageEpoch, setPageEpoch] = useState(0)
  const remountPage = useRef(false)
  useLayoutEffect(() => {
    if (!remountPage.current) return
    remountPage.current = false
    setPageEpoch((n) => n + 1)
  }, [config])
  const undo = useCallback(() => {
    remountPage.current = canUndo
    historyUndo()
    setHistoryEpoch((n) => n + 1)
  }, [historyUndo, canUndo])
  const redo = useCallback(() => {
    remountPage.current = canRedo
    historyRedo()
    setHistoryEpoch((n) => n + 1)
  }, [historyRedo, canRedo])
  const canvas = useCanvas({ configRef, apply, select: actions.select, undo, redo, readOnly, add: onAdd })
  useEffect(() => {
    if (readOnly) return
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey)) return
      const target = e.target as Node | null
      if (target !== document.body && !root.current?.contains(target)) return
      const key = e.key.toLowerCase()
      if (key === 'z' && !e.shiftKey) {
        e.preventDefault()
        undo()
      } else if ((key === 'z' && e.shiftKey) || key === 'y') {
        e.preventDefault()
        redo()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [readOnly, undo, redo])

  const showErrors = useCallback(() => {
    setMode('visual')
    setSide('errors')
  }, [])

  const schema = block ? blockFormSchema(block.type) : undefined
  const blockForm = !block ? (
    <Empty description="在左侧选择一个区块" />
  ) : !schema ? (
    <Typography.Text type="danger">未知的区块类型：{String(block.type)}</Typography.Text>
  ) : (
    <>
      <BlockHeading type={String(block.type)} />
      <Suspense fallback={<Spin />}>
        <CampaignPickerContext.Provider value={campaignPicker}>
          <ProductSourceContext.Provider value={productSource}>
            <PropertyForm
              key={`${selection}:${String(block.type)}`}
              schema={schema}
              value={block}
              pointer={selection!}
              errors={errors}
              context={formContext}
              readOnly={readOnly}
              onChange={onBlockChange}
            />
          </ProductSourceContext.Provider>
        </CampaignPickerContext.Provider>
      </Suspense>
    </>
  )

  return (
    <div className="studio-editor" data-page-id={pageId} data-testid="editor-ready" ref={root}>
      <Toolbar
        canUndo={history.canUndo}
        canRedo={history.canRedo}
        undo={undo}
        redo={redo}
        mode={mode}
        setMode={setMode}
        errorCount={errors.length}
        readOnly={readOnly}
        showErrors={showErrors}
      />
      <div className={mode === 'json' ? 'studio-editor-body studio-editor-body-json' : 'studio-editor-body'}>
        {mode === 'json' ? (
          <div className="studio-editor-json">
            <JsonView config={config} errors={errors} readOnly={readOnly} onApply={(c) => apply(c, 'json')} />
          </div>
        ) : (
          <div className="studio-editor-left">
            <AddBlock disabled={readOnly} onAdd={onAdd} />
            <BlockCollabTools
              pageId={pageId}
              getConfig={getConfig}
              empty={config.blocks.length === 0}
              selection={selection}
              readOnly={readOnly}
              root={root}
              apply={apply}
              onInserted={setSelected}
            />
            <div className="studio-editor-tree">
              <BlockTree
                slots={slots}
                store={store}
                selected={selection}
                errorPointers={errorPointers}
                readOnly={readOnly}
                actions={actions}
              />
            </div>
          </div>
        )}
        <div className="studio-editor-centre">
          <PreviewPanel
            config={config}
            selectedBlockId={typeof block?.id === 'string' ? block.id : undefined}
            compileMarkdown={compileMarkdown}
            postRef={previewPost}
            canvas={mode === 'visual' ? canvas : undefined}
          />
        </div>
        {mode === 'visual' && (
          <div className="studio-editor-right">
            <SideTabs
              side={side}
              setSide={setSide}
              errorCount={errors.length}
              campaignErrors={campaignErrorCount(errors)}
            />
            {side === 'block' && blockForm}
            {side === 'page' && (
              <Suspense fallback={<Spin />}>
                <PropertyForm
                  key={pageEpoch}
                  schema={pageFormSchema()}
                  value={pageValue}
                  pointer=""
                  errors={pageErrors}
                  context={formContext}
                  readOnly={readOnly}
                  onChange={onPageChange}
                  after={pageAfter}
                />
              </Suspense>
            )}
            {side === 'campaigns' && (
              <Suspense fallback={<Spin />}>
                <CampaignsPanel
                  key={historyEpoch}
                  config={config}
                  errors={errors}
                  readOnly={readOnly}
                  uploadImage={uploadImage}
                  apply={apply}
                  tab={campaignTab}
                />
              </Suspense>
            )}
            {side === 'errors' && <ErrorList errors={errors} describe={describe} onPick={onPickError} />}
          </div>
        )}
      </div>
    </div>
  )
})
