import { useParams } from 'react-router-dom'
import { EmptyView } from '../../components/StatusViews'
import { GoButton } from '../../components/navigation/GoButton'
import { APPOINTMENT_TOPICS, isAppointmentTopic } from '../../domain/appointments'
import type { ScreenLoader } from '../../types/route'
import { AgentBanner, loadAgent, useAgentLink } from './agent'
import { BookingForm, loadBooking } from './BookingForm'
import { consultantsHref } from './paths'
import './appointments.css'

export const loader: ScreenLoader = ({ params, search, loggedIn }, load) => {
  const goodsType = params.goodsType ?? ''
  return Promise.all([
    loadAgent(search, load),
    isAppointmentTopic(goodsType) && loadBooking({ goodsType }, loggedIn, load),
  ])
}

/** /productAppointment/{goodsType}: book a call about a product type (高端医疗, 年金, …). */
export default function ProductAppointmentPage() {
  const { goodsType = '' } = useParams()
  useAgentLink()
  if (!isAppointmentTopic(goodsType))
    return (
      <EmptyView title="没有这类产品的咨询" description="可以直接预约我们的持牌顾问">
        <GoButton to={consultantsHref()}>查看保险顾问</GoButton>
      </EmptyView>
    )
  return (
    <div className="appointments-page" data-testid="product-appointment">
      <AgentBanner />
      <section className="appointments-card appointments-intro">
        <h1 className="appointments-heading">{APPOINTMENT_TOPICS[goodsType]} · 预约咨询</h1>
        <p className="appointments-muted">
          持牌顾问将在您选择的时段电话讲解{APPOINTMENT_TOPICS[goodsType]}
          的保障内容、投保规则和注意事项，咨询免费，是否投保由您决定。
        </p>
      </section>
      <BookingForm key={goodsType} target={{ goodsType }} />
    </div>
  )
}
