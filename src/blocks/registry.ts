import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import './blocks.css'
import type { Block } from '../types/generated/page'
import type { BlockProps } from './runtime'

// The one index of block types: each block is its own lazy chunk, so a page loads only the blocks it uses.

export type BlockType = Block['type']
export type BlockOf<T extends BlockType> = Extract<Block, { type: T }>
type Registry = { [T in BlockType]: LazyExoticComponent<ComponentType<BlockProps<BlockOf<T>>>> }

export const blockRegistry: Registry = {
  hero: lazy(() => import('./hero/HeroBlock')),
  image: lazy(() => import('./image/ImageBlock')),
  carousel: lazy(() => import('./carousel/CarouselBlock')),
  'image-grid': lazy(() => import('./image-grid/ImageGridBlock')),
  title: lazy(() => import('./title/TitleBlock')),
  markdown: lazy(() => import('./markdown/MarkdownBlock')),
  'notice-bar': lazy(() => import('./notice-bar/NoticeBarBlock')),
  spacer: lazy(() => import('./spacer/SpacerBlock')),
  divider: lazy(() => import('./divider/DividerBlock')),
  button: lazy(() => import('./button/ButtonBlock')),
  'fixed-button': lazy(() => import('./fixed-button/FixedButtonBlock')),
  tabs: lazy(() => import('./tabs/TabsBlock')),
  faq: lazy(() => import('./faq/FaqBlock')),
  steps: lazy(() => import('./steps/StepsBlock')),
  table: lazy(() => import('./table/TableBlock')),
  video: lazy(() => import('./video/VideoBlock')),
  countdown: lazy(() => import('./countdown/CountdownBlock')),
  'product-list': lazy(() => import('./product-list/ProductListBlock')),
  share: lazy(() => import('./share/ShareBlock')),
  calculator: lazy(() => import('./calculator/CalculatorBlock')),
  questionnaire: lazy(() => import('./questionnaire/QuestionnaireBlock')),
  'questionnaire-result': lazy(() => import('./questionnaire-result/QuestionnaireResultBlock')),
  'rate-history': lazy(() => import('./rate-history/RateHistoryBlock')),
}

/** The component of a block, or undefined for a type this build does not know. */
export function blockComponent(type: string): ComponentType<BlockProps<Block>> | undefined {
  return Object.prototype.hasOwnProperty.call(blockRegistry, type)
    ? (blockRegistry[type as BlockType] as unknown as ComponentType<BlockProps<Block>>)
    : undefined
}
