import { useSearchParams } from 'react-router-dom'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { EmptyView, LoadingView } from '../../components/StatusViews'
import { GoButton } from '../../components/navigation/GoButton'
import type { ScreenLoader } from '../../types/route'
import { AgentBanner, loadAgent, useAgentLink } from './agent'
import { consultantKey, useConsultant, type Consultant } from './api'
import { BookingForm, loadBooking } from './BookingForm'
import { consultantsHref } from './paths'
import { ConsultantCard } from './ConsultantCard'
import './appointments.css'

const backToList = { to: consultantsHref(), label: '查看全部顾问' }

// The booking form (its slots, my appointments) shows once the consultant came.
export const loader: ScreenLoader = ({ search, loggedIn }, load) => {
  const id = search.get('id')
  return Promise.all([
    loadAgent(search, load),
    id &&
      load<Consultant>(consultantKey(id)).then((c) => loadBooking({ consultantId: c.id }, loggedIn, load)),
  ])
}

/** /orderCounselor?id=: book one consultant (one client a slot). */
export default function OrderCounselorPage() {
  const [params] = useSearchParams()
  const id = params.get('id')
  useAgentLink()
  const consultant = useConsultant(id)
  if (!id)
    return (
      <EmptyView title="请先选择顾问" description="从顾问列表选择一位持牌顾问预约">
        <GoButton to={consultantsHref()}>查看全部顾问</GoButton>
      </EmptyView>
    )
  if (consultant.error)
    return (
      <LoginAwareError back={backToList} error={consultant.error} onRetry={() => void consultant.mutate()} />
    )
  if (!consultant.data) return <LoadingView lines={8} />
  return (
    <div className="appointments-page" data-testid="order-counselor">
      <AgentBanner />
      <section className="appointments-card">
        <ConsultantCard consultant={consultant.data} />
        <p className="appointments-muted">顾问将在您选择的时段致电，一对一解答保障配置问题，咨询免费。</p>
      </section>
      <BookingForm key={consultant.data.id} target={{ consultantId: consultant.data.id }} />
    </div>
  )
}
