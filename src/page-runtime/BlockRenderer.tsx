import { memo, Suspense, useContext, type ComponentType, type CSSProperties } from 'react'
import type { Block, BlockStyle, ContentBlock, Phase } from '../types/generated/page'
import { blockComponent } from '../blocks/registry'
import type { BlockProps } from '../blocks/runtime'
import { blockElementId } from './actions'
import { BlockBoundary } from './BlockBoundary'
import { BlockPlacesContext, ParentBlockContext } from './blockPlaces'
import { colorOrNothing } from '../page-config/colors'
import { isCampaignId } from '../page-config/apiPaths'
import { evaluateCondition, type ConditionContext } from '../page-config/conditions'
import { insideWindow } from '../page-config/schedule'

export interface RenderContext {
  phase: Phase
  nowMs: number
  conditions: ConditionContext
  /** A failing block shows a notice (previews for staff) instead of nothing. */
  showErrors?: boolean
  /** HTML rendered for nobody (the server's, the build's) and its hydration: see loginVariant. */
  prerendered?: boolean
}

/** Who a block is for when its only condition is the login state: { loggedIn: true } or { loggedIn: false }. */
type LoginVariant = 'logged-in' | 'logged-out'

/**
 * Rendered for nobody, a block shown only to visitors logged in (or only to those logged out) is rendered either
 * way and marked: the HTML goes to both, and CSS shows the one for whom the server sent it (configPage.css, by
 * #root's data-rendered-for), so a logged-in visitor's page does not swap blocks once hydrated.
 */
function loginVariant(block: AnyBlock): LoginVariant | null {
  const condition = block.visibleWhen
  if (!condition || !('loggedIn' in condition)) return null
  return condition.loggedIn ? 'logged-in' : 'logged-out'
}

type AnyBlock = Block | ContentBlock

/** The block's style; a colour field applies only a colour (an old version may hold url() or worse). */
function cssOf(style: BlockStyle | undefined): CSSProperties | undefined {
  if (!style) return undefined
  return {
    background: colorOrNothing(style.background),
    color: colorOrNothing(style.color),
    padding: style.padding,
    margin: style.margin,
    textAlign: style.textAlign,
    borderRadius: style.borderRadius,
    overflow: style.borderRadius ? 'hidden' : undefined,
  }
}

/** Whether a block shows now: its phases, its own time window, its condition. */
export function blockVisible(block: AnyBlock, ctx: RenderContext): boolean {
  if (block.showIn && !block.showIn.includes(ctx.phase)) return false
  if (!insideWindow(block.activeBetween, ctx.nowMs)) return false
  if (ctx.prerendered && loginVariant(block)) return true
  return evaluateCondition(block.visibleWhen, ctx.conditions)
}

/**
 * One block, memoized on its config object: when the page renders again with blocks of the same identity (a
 * preview edit changes one block; the studio's frame keeps the others' objects), only the changed one renders.
 */
const BlockSlot = memo(function BlockSlot({
  block,
  Component,
  showErrors,
  shownTo,
  trackId,
}: {
  block: AnyBlock
  /** The block type's component (blockComponent): one per type for the whole visit. */
  Component: ComponentType<BlockProps<Block>>
  showErrors: boolean
  shownTo: LoginVariant | null
  /** A top-level block's id in analytics (blockTrackId); nested blocks count for their parent. */
  trackId?: string
}) {
  const places = useContext(BlockPlacesContext)
  const body = (
    <BlockBoundary type={block.type} id={block.id} showError={showErrors} resetKey={block}>
      <Suspense fallback={<div className="cp-block-loading" aria-hidden />}>
        <Component block={block as Block} />
      </Suspense>
    </BlockBoundary>
  )
  return (
    <section
      ref={places ? (element) => places.element(element, block) : undefined}
      id={block.id ? blockElementId(block.id) : undefined}
      className={`cp-block cp-block-${block.type}`}
      data-block-type={block.type}
      data-shown-to={shownTo ?? undefined}
      data-track-id={trackId}
      style={cssOf(block.style)}
    >
      {places ? <ParentBlockContext value={block}>{body}</ParentBlockContext> : body}
    </section>
  )
})

export function BlockRenderer({
  blocks,
  ctx,
  topLevel = false,
}: {
  blocks: readonly AnyBlock[]
  ctx: RenderContext
  /** The page's own blocks (not a tab's or a container's): each section carries its analytics id. */
  topLevel?: boolean
}) {
  // The studio's canvas: where each block sits (blockPlaces.ts).
  const places = useContext(BlockPlacesContext)
  const parent = useContext(ParentBlockContext)
  places?.list(blocks, parent)
  return (
    <>
      {blocks.map((block, index) => {
        if (!blockVisible(block, ctx)) return null
        const Component = blockComponent(block.type)
        if (!Component) {
          console.error(`[page-runtime] unknown block type "${block.type}"`)
          return null
        }
        // A campaign block builds its API paths from the id (/api/campaigns/{id}/draws): a config that reached
        // the browser unchecked must not make one of them another path ("../studio/…").
        if ('campaign' in block && !isCampaignId(block.campaign)) {
          console.error(`[page-runtime] block "${block.type}": invalid campaign id`)
          return null
        }
        return (
          <BlockSlot
            key={block.id ?? `${block.type}-${index}`}
            block={block}
            Component={Component}
            showErrors={Boolean(ctx.showErrors)}
            shownTo={ctx.prerendered ? loginVariant(block) : null}
            // blockTrackId's rule (page-config/trackId.ts), written out: the page's runtime needs nothing else of it.
            trackId={topLevel ? block.id || `${block.type}-${index}` : undefined}
          />
        )
      })}
    </>
  )
}
