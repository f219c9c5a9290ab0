import { useHealth } from '../../api/system'
import './user.css'

/** A small fixed 演示环境 badge while the server runs in demo mode (fictional data, sandbox SMS/payments). */
export function DemoBadge() {
  const { data } = useHealth()
  if (data?.mode !== 'demo') return null
  return (
    <div className="demo-badge" role="note" aria-label="演示环境：数据均为虚构" data-testid="demo-badge">
      演示环境
    </div>
  )
}
