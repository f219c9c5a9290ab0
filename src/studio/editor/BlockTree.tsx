// The page's blocks as a tree (tabs hold blocks): select, drag to reorder (also into and out of a tab), move
// with Alt+↑/↓ or the buttons, duplicate, delete. Rows are memoized on their block object: configOps copies only
// the edited path, so a keystroke re-renders one row, not two hundred.

import {
  memo,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react'
import { Button, Input, Popconfirm, Tooltip, Typography } from 'antd'
import { ArrowDownOutlined, ArrowUpOutlined, CopyOutlined, DeleteOutlined } from '@ant-design/icons'
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core'
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { blockInfo } from './schemas'
import type { BlockNode } from './configOps'
import { useRowBlock, type RowStore } from './rowStore'
import { blockSummary, searchBlocks } from './tree/blockLabel'
import './tree/tree.css'

export interface BlockTreeActions {
  select(pointer: string): void
  move(pointer: string, delta: -1 | 1): void
  duplicate(pointer: string): void
  remove(pointer: string): void
  /** Drop `pointer` where `overPointer` is (same list: reorder; another list: move into it). */
  drop(pointer: string, overPointer: string): void
}

/**
 * The drag handle's glyph (antd's HolderOutlined) as one static element: two hundred icon components, each with
 * its context and style hooks, were a measurable part of opening a big page.
 */
const HOLDER = (
  <span role="img" aria-hidden="true" className="anticon">
    <svg viewBox="64 64 896 896" focusable="false" width="1em" height="1em" fill="currentColor">
      <path d="M300 276.5a56 56 0 1056-97 56 56 0 00-56 97zm0 284a56 56 0 1056-97 56 56 0 00-56 97zM640 228a56 56 0 10112 0 56 56 0 00-112 0zm0 284a56 56 0 10112 0 56 56 0 00-112 0zM300 844.5a56 56 0 1056-97 56 56 0 00-56 97zM640 796a56 56 0 10112 0 56 56 0 00-112 0z" />
    </svg>
  </span>
)

interface RowProps {
  pointer: string
  store: RowStore
  depth: number
  group?: string
  first: boolean
  last: boolean
  selected: boolean
  hasError: boolean
  readOnly: boolean
  /** Whether the row is sortable yet (see DragHandle). */
  armed: boolean
  actions: BlockTreeActions
}

/**
 * The drag handle, which makes its row sortable: dnd-kit's hooks live here, the row's element is registered and
 * moved from here. Two hundred rows of these hooks were about 150 ms of opening a big page with 4x CPU
 * throttling, so the tree arms them after its first idle moment (or when the pointer first enters it); until
 * then the handle is drawn without them. Only the handle mounts then: the rows keep their elements, so a click
 * on a row at that moment is not lost.
 */
function DragHandle({ pointer, row }: { pointer: string; row: RefObject<HTMLDivElement | null> }) {
  const { setNodeRef, transform, transition, isDragging, attributes, listeners } = useSortable({
    id: pointer,
  })
  useLayoutEffect(() => {
    setNodeRef(row.current)
    return () => setNodeRef(null)
  }, [setNodeRef, row])
  // The row's style prop does not name these, so React leaves them to this effect.
  useLayoutEffect(() => {
    const style = row.current?.style
    style?.setProperty('transform', CSS.Transform.toString(transform) ?? '')
    style?.setProperty('transition', transition ?? '')
    style?.setProperty('opacity', isDragging ? '0.5' : '')
  }, [row, transform, transition, isDragging])
  return (
    <span className="studio-tree-handle" {...attributes} {...listeners} aria-label="拖动排序" tabIndex={-1}>
      {HOLDER}
    </span>
  )
}

/**
 * The selected row's buttons (memoized apart from the row: a keystroke in the block's form re-renders its row's
 * text, not these four antd buttons with their tooltips).
 */
const RowTools = memo(function RowTools(props: {
  pointer: string
  name: string
  first: boolean
  last: boolean
  actions: BlockTreeActions
}) {
  const { pointer, name, first, last, actions } = props
  return (
    <span className="studio-tree-tools" onClick={(e) => e.stopPropagation()}>
      {[
        {
          label: '上移',
          tip: '上移（Alt+↑）',
          icon: <ArrowUpOutlined />,
          off: first,
          run: () => actions.move(pointer, -1),
        },
        {
          label: '下移',
          tip: '下移（Alt+↓）',
          icon: <ArrowDownOutlined />,
          off: last,
          run: () => actions.move(pointer, 1),
        },
        {
          label: '复制',
          tip: '复制',
          icon: <CopyOutlined />,
          off: false,
          run: () => actions.duplicate(pointer),
        },
      ].map((tool) => (
        <Tooltip key={tool.label} title={tool.tip}>
          <Button
            size="small"
            type="text"
            icon={tool.icon}
            aria-label={tool.label}
            disabled={tool.off}
            onClick={tool.run}
          />
        </Tooltip>
      ))}
      <Popconfirm
        title={`删除区块「${name}」？`}
        okText="删除"
        cancelText="取消"
        okButtonProps={{ danger: true }}
        onConfirm={() => actions.remove(pointer)}
      >
        <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label="删除" />
      </Popconfirm>
    </span>
  )
})

const BlockRow = memo(function BlockRow(props: RowProps) {
  const { pointer, store, depth, group, first, last, selected, hasError, readOnly, armed, actions } = props
  const block = useRowBlock(store, pointer) ?? {}
  const row = useRef<HTMLDivElement | null>(null)
  const info = blockInfo(block.type)
  const name = info?.name ?? String(block.type ?? '未知区块')
  const id = typeof block.id === 'string' ? block.id : null
  const summary = blockSummary(block)
  const onKeyDown = (e: KeyboardEvent) => {
    if (readOnly || !e.altKey) return
    if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      e.preventDefault()
      e.stopPropagation()
      actions.move(pointer, e.key === 'ArrowUp' ? -1 : 1)
    }
  }
  return (
    <div
      ref={row}
      style={{ paddingLeft: 8 + depth * 20 }}
      className={selected ? 'studio-tree-row studio-tree-row-selected' : 'studio-tree-row'}
      role="treeitem"
      aria-selected={selected}
      aria-level={depth + 1}
      aria-label={`${name}${id ? ` ${id}` : ''}`}
      tabIndex={0}
      data-pointer={pointer}
      onClick={() => actions.select(pointer)}
      onKeyDown={onKeyDown}
    >
      {!readOnly &&
        (armed ? (
          <DragHandle pointer={pointer} row={row} />
        ) : (
          <span className="studio-tree-handle" aria-label="拖动排序">
            {HOLDER}
          </span>
        ))}
      <span className="studio-tree-name">
        {group && <span className="studio-tree-group">{group} · </span>}
        {name}
      </span>
      {/* A title that only repeats the type's name (常见问题 常见问题) is not said twice. */}
      {summary !== name && <span className="studio-tree-text">{summary}</span>}
      <span className="studio-tree-id">{id ?? '（无 id）'}</span>
      {hasError && <span className="studio-tree-error" aria-label="有错误" title="有错误" />}
      {/* The tools only on the selected row: two hundred rows of buttons would slow every render. */}
      {!readOnly && selected && (
        <RowTools pointer={pointer} name={name} first={first} last={last} actions={actions} />
      )}
    </div>
  )
})

/** A row's place in the tree (its block comes from the store). */
export type TreeSlot = Omit<BlockNode, 'block'>

export interface BlockTreeProps {
  /** Unchanged (same array) while the structure is. */
  slots: readonly TreeSlot[]
  store: RowStore
  selected: string | null
  /** Pointers of blocks holding an error (nested ones mark their containers too). */
  errorPointers: ReadonlySet<string>
  readOnly: boolean
  actions: BlockTreeActions
}

export const BlockTree = memo(function BlockTree({
  slots: allNodes,
  store,
  selected,
  errorPointers,
  readOnly,
  actions,
}: BlockTreeProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  // The search box: matches and the blocks holding them (the rows read their blocks from the store).
  const [query, setQuery] = useState('')
  const shown = useMemo(
    () =>
      searchBlocks(
        allNodes.map((n) => n.pointer),
        (p) => store.get(p),
        query,
      ),
    [allNodes, store, query],
  )
  const nodes = useMemo(
    () => (shown ? allNodes.filter((n) => shown.has(n.pointer)) : allNodes),
    [allNodes, shown],
  )
  const ids = useMemo(() => nodes.map((n) => n.pointer), [nodes])
  const lastIndexOf = useMemo(() => {
    const size = new Map<string, number>()
    for (const n of nodes) size.set(n.list, (size.get(n.list) ?? 0) + 1)
    return size
  }, [nodes])
  const [armed, setArmed] = useState(false)
  const arm = useCallback(() => startTransition(() => setArmed(true)), [])
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') return arm()
    const id = requestIdleCallback(arm, { timeout: 1000 })
    return () => cancelIdleCallback(id)
  }, [arm])
  const onDragEnd = (event: DragEndEvent) => {
    if (event.over && event.active.id !== event.over.id)
      actions.drop(String(event.active.id), String(event.over.id))
  }
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <div className="studio-tree-search">
          <Input.Search
            size="small"
            allowClear
            placeholder="按类型或文字筛选区块"
            aria-label="筛选区块"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        {shown?.size === 0 && (
          <Typography.Text type="secondary" className="studio-tree-none">
            没有匹配的区块
          </Typography.Text>
        )}
        <div role="tree" aria-label="区块树" className="studio-tree" onPointerEnter={armed ? undefined : arm}>
          {nodes.map((n) => {
            const index = Number(n.pointer.slice(n.pointer.lastIndexOf('/') + 1))
            return (
              <BlockRow
                key={n.pointer}
                pointer={n.pointer}
                store={store}
                depth={n.depth}
                group={index === 0 ? n.group : undefined}
                first={index === 0}
                last={index === (lastIndexOf.get(n.list) ?? 1) - 1}
                selected={selected === n.pointer}
                hasError={errorPointers.has(n.pointer)}
                readOnly={readOnly}
                actions={actions}
                armed={armed}
              />
            )
          })}
        </div>
      </SortableContext>
    </DndContext>
  )
})
