import { EmptyView, ErrorView, LoadingView } from '../../components/StatusViews'
import type { ScreenLoader } from '../../types/route'
import { AgentBanner, loadAgent, useAgentLink } from './agent'
import { consultantsKey, useConsultants } from './api'
import { ConsultantCard } from './ConsultantCard'
import './appointments.css'

export const loader: ScreenLoader = ({ search }, load) =>
  Promise.all([loadAgent(search, load), load(consultantsKey)])

/** /consultant: our licensed consultants. */
export default function ConsultantsPage() {
  useAgentLink()
  const list = useConsultants()
  if (list.error) return <ErrorView error={list.error} onRetry={() => void list.mutate()} />
  if (!list.data) return <LoadingView lines={8} />
  return (
    <div className="appointments-page" data-testid="consultants">
      <AgentBanner />
      {list.data.items.length === 0 ? (
        <EmptyView title="暂无可预约的顾问" description="请稍后再来看看" />
      ) : (
        <ul className="consultant-list">
          {list.data.items.map((c) => (
            <li key={c.id}>
              <ConsultantCard consultant={c} />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
