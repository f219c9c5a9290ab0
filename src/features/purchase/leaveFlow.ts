import { stepsBackTo } from '../../components/navigation/historyTrail'
import type { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { purchasePaths } from './paths'

const FLOW_PATHS = new Set<string>(Object.values(purchasePaths))

/**
 * Goes to `to` (where paying ends) with the flow's own screens taken out of the history behind it: back from
 * there returns to where the purchase started (the product, the order, 我的), never to a pay screen that can no
 * longer pay. In a WeChat-like browser, back is the only way out of a page, so the entry behind must make sense.
 * Without a known start (opened from a link) the current screen is replaced.
 */
export function leaveFlowTo(navigate: ReturnType<typeof useAppNavigate>, to: string): void {
  const steps = stepsBackTo((pathname) => !FLOW_PATHS.has(pathname))
  if (!steps) return navigate(to, { replace: true })
  // Back to the start, then forward to `to` at once (the start is not shown): the flow's entries are dropped.
  window.addEventListener('popstate', () => navigate(to), { once: true })
  navigate(-steps)
}
