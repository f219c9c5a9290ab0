// The block palette next to the phone: drag a block type onto the preview to insert its starter where the
// insertion line shows (or click it to add it after the selected block). dnd-kit runs the drag (activation
// distance, the chip under the pointer, Esc cancels); the preview frame cannot take part in dnd-kit's collision
// detection (its blocks live in another document), so while dragging the frame ignores the pointer and this
// palette forwards the pointer's position in the frame's own pixels; the frame draws the line and answers with
// the place it was dropped (canvasProtocol.ts).

import { memo, useState, type RefObject } from 'react'
import {
  DndContext,
  DragOverlay,
  PointerSensor,
  useDraggable,
  useSensor,
  useSensors,
  type DragMoveEvent,
} from '@dnd-kit/core'
import { Typography } from 'antd'
import { CANVAS_DRAG, type CanvasDragMessage } from '../../../page-config/canvasProtocol'
import { deliver } from '../previewDelivery'
import { BLOCK_CATALOG, blockInfo, type BlockInfo } from '../schemas'
import { PALETTE_ICONS } from './paletteIcons'
import './canvas.css'

/** While a palette block is dragged the frame ignores the pointer, which stays in this document over the phone. */
const passPointer = (iframe: HTMLIFrameElement | null, on: boolean) =>
  iframe?.style.setProperty('pointer-events', on ? '' : 'none')

/** The blocks most pages start from come first; the rest in the catalogue's order. */
const FIRST = [
  'title',
  'markdown',
  'button',
  'image',
  'hero',
  'notice-bar',
  'countdown',
  'product-list',
  'lottery',
]
const PALETTE = [
  ...FIRST.flatMap((type) => BLOCK_CATALOG.filter((info) => info.type === type)),
  ...BLOCK_CATALOG.filter((info) => !FIRST.includes(info.type)),
]

/** The palette's width beside the phone (canvas.css .studio-palette). */
export const PALETTE_WIDTH = 176

function PaletteItem({ info, disabled, onAdd }: { info: BlockInfo; disabled: boolean; onAdd(): void }) {
  const { setNodeRef, attributes, listeners, isDragging } = useDraggable({ id: info.type, disabled })
  return (
    <button
      ref={setNodeRef}
      type="button"
      className={isDragging ? 'studio-palette-item studio-palette-item-dragging' : 'studio-palette-item'}
      title={`${info.name}：拖到手机上插入，或点击添加到所选区块之后`}
      disabled={disabled}
      {...attributes}
      {...listeners}
      onClick={onAdd}
      aria-label={info.name}
      data-block-type={info.type}
    >
      <span className="studio-palette-icon">{PALETTE_ICONS[info.type]}</span>
      <span className="studio-palette-name">{info.name}</span>
    </button>
  )
}

/** Memoized: the workspace re-renders on every keystroke, the palette does not need to. */
export const CanvasPalette = memo(function CanvasPalette({
  frame,
  ready,
  disabled,
  onAdd,
}: {
  frame: RefObject<HTMLIFrameElement | null>
  /** Whether the frame's page has loaded (and so can place a drop); before that a drop on the phone adds. */
  ready: boolean
  disabled: boolean
  onAdd(info: BlockInfo): void
}) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }))
  const [dragged, setDragged] = useState<BlockInfo | null>(null)

  /**
   * Tells the frame where the pointer is, in its own pixels (null: not over the phone); true when it is over
   * the phone.
   */
  const forward = (event: DragMoveEvent, end: boolean): boolean => {
    const iframe = frame.current
    const start = event.activatorEvent as PointerEvent
    if (!iframe || !(start instanceof PointerEvent || 'clientX' in start)) return false
    const x = start.clientX + event.delta.x
    const y = start.clientY + event.delta.y
    const rect = iframe.getBoundingClientRect()
    const scale = rect.width / (iframe.offsetWidth || rect.width)
    const inside = x >= rect.left && x <= rect.right && y >= rect.top && y <= rect.bottom
    const message: CanvasDragMessage = {
      type: CANVAS_DRAG,
      blockType: String(event.active.id),
      at: inside ? { x: (x - rect.left) / scale, y: (y - rect.top) / scale } : null,
      end,
    }
    deliver(iframe.contentWindow, { ...message })
    return inside
  }
  const stop = () => {
    setDragged(null)
    passPointer(frame.current, true)
  }

  return (
    <DndContext
      sensors={sensors}
      // No auto-scroll: near the window's edge it would scroll the studio under the pointer, and the drop
      // (start + delta, which counts that scroll) would miss the phone.
      autoScroll={false}
      onDragStart={(e) => {
        setDragged(blockInfo(e.active.id) ?? null)
        passPointer(frame.current, false)
      }}
      onDragMove={(e) => forward(e, false)}
      onDragEnd={(e) => {
        const inside = forward(e, true)
        stop()
        // A page still loading in the frame cannot place the block nor answer: added as a click would.
        const info = blockInfo(e.active.id)
        if (inside && !ready && info) onAdd(info)
      }}
      onDragCancel={(e) => {
        const iframe = frame.current
        deliver(iframe?.contentWindow, {
          type: CANVAS_DRAG,
          blockType: String(e.active.id),
          at: null,
          end: true,
        })
        stop()
      }}
    >
      <div className="studio-palette" role="group" aria-label="区块面板">
        <Typography.Text type="secondary" className="studio-palette-hint">
          拖到手机上插入
        </Typography.Text>
        <div className="studio-palette-grid">
          {PALETTE.map((info) => (
            <PaletteItem key={info.type} info={info} disabled={disabled} onAdd={() => onAdd(info)} />
          ))}
        </div>
      </div>
      <DragOverlay dropAnimation={null}>
        {dragged && (
          <div className="studio-palette-item studio-palette-chip">
            <span className="studio-palette-icon">{PALETTE_ICONS[dragged.type]}</span>
            <span className="studio-palette-name">{dragged.name}</span>
          </div>
        )}
      </DragOverlay>
    </DndContext>
  )
})
