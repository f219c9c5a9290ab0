import { loaders } from '../../../src/blocks/loaders'
import { preloadBlocks } from '../../../src/blocks/registry'

// Every block's chunk loaded before the first render, as a config page preloads the blocks it shows
// (page-runtime/preparePage.ts): a block that suspends would wait out React's ~300 ms Suspense reveal throttle.
// tests/src/blocks/lazyBlocks.test.tsx renders through blockPage.tsx directly, without this, to see the lazy path.
await preloadBlocks(Object.keys(loaders))

export { renderBlocks, type RenderBlocksOptions } from './blockPage'
