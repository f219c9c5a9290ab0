import { Suspense, type CSSProperties } from 'react'
import type { Block, BlockStyle, ContentBlock, Phase } from '../types/generated/page'
import { blockComponent } from '../blocks/registry'
import { blockElementId } from './actions'
import { BlockBoundary } from './BlockBoundary'
import { evaluateCondition, type ConditionContext } from '../page-config/conditions'
import { insideWindow } from '../page-config/schedule'

export interface RenderContext {
  phase: Phase
  nowMs: number
  conditions: ConditionContext
}

function cssOf(style: BlockStyle | undefined): CSSProperties | undefined {
  if (!style) return undefined
  return {
    background: style.background,
    color: style.color,
    padding: style.padding,
    margin: style.margin,
    textAlign: style.textAlign,
    borderRadius: style.borderRadius,
    overflow: style.borderRadius ? 'hidden' : undefined,
  }
}

/** Whether a block shows now: its phases, its own time window, its condition. */
export function blockVisible(block: Block | ContentBlock, ctx: RenderContext): boolean {
  if (block.showIn && !block.showIn.includes(ctx.phase)) return false
  if (!insideWindow(block.activeBetween, ctx.nowMs)) return false
  return evaluateCondition(block.visibleWhen, ctx.conditions)
}

export function BlockRenderer({
  blocks,
  ctx,
}: {
  blocks: readonly (Block | ContentBlock)[]
  ctx: RenderContext
}) {
  return (
    <>
      {blocks.map((block, index) => {
        if (!blockVisible(block, ctx)) return null
        const Component = blockComponent(block.type)
        const key = block.id ?? `${block.type}-${index}`
        if (!Component) {
          console.error(`[page-runtime] unknown block type "${block.type}"`)
          return null
        }
        return (
          <section
            key={key}
            id={block.id ? blockElementId(block.id) : undefined}
            className={`cp-block cp-block-${block.type}`}
            data-block-type={block.type}
            style={cssOf(block.style)}
          >
            <BlockBoundary type={block.type} id={block.id}>
              <Suspense fallback={<div className="cp-block-loading" aria-hidden />}>
                <Component block={block} />
              </Suspense>
            </BlockBoundary>
          </section>
        )
      })}
    </>
  )
}
