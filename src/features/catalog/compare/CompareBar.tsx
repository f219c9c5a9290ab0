import { Button } from 'antd-mobile'
import { CloseOutline } from 'antd-mobile-icons'
import { useSnapshot } from 'valtio'
import { useAppNavigate } from '../../../components/navigation/useAppNavigate'
import { COMPARE_MAX, COMPARE_MIN, clearCompare, compareTray, removeFromCompare } from './compareTray'
import './CompareBar.css'
import { compareHref } from '../paths'

/**
 * The comparison tray: picked products and 开始对比 once two are in. Floating over a list; `docked`: in the flow of
 * a bottom block of its screen (the product page's, above its buy bar).
 */
export function CompareBar({ docked = false }: { docked?: boolean }) {
  const { items } = useSnapshot(compareTray)
  const navigate = useAppNavigate()
  if (items.length === 0) return null
  return (
    <aside className={docked ? 'compare-bar docked' : 'compare-bar'} aria-label="产品对比栏">
      <div className="compare-bar-items">
        <span className="compare-bar-count">
          对比（{items.length}/{COMPARE_MAX}）
        </span>
        {items.map((item) => (
          <span key={item.id} className="compare-bar-item">
            <span className="compare-bar-item-name">{item.name}</span>
            <button
              type="button"
              aria-label={`移出对比：${item.name}`}
              onClick={() => removeFromCompare(item.id)}
            >
              <CloseOutline />
            </button>
          </span>
        ))}
      </div>
      <div className="compare-bar-actions">
        <Button size="mini" fill="none" onClick={clearCompare}>
          清空
        </Button>
        <Button
          size="mini"
          color="primary"
          disabled={items.length < COMPARE_MIN}
          onClick={() => navigate(compareHref(items.map((i) => i.id)))}
        >
          {items.length < COMPARE_MIN ? `再选${COMPARE_MIN - items.length}款` : '开始对比'}
        </Button>
      </div>
    </aside>
  )
}
