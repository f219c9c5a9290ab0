import { Button } from 'antd-mobile'
import { useSearchParams } from 'react-router-dom'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { EmptyView, LoadingView } from '../../components/StatusViews'
import { GoButton } from '../../components/navigation/GoButton'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import type { ScreenLoader } from '../../types/route'
import { AgentBanner, loadAgent, useAgentLink } from './agent'
import { consultantKey, useConsultant } from './api'
import { consultantsHref, orderCounselorHref } from './paths'
import './appointments.css'

const backToList = { to: consultantsHref(), label: '查看全部顾问' }

export const loader: ScreenLoader = ({ search }, load) => {
  const id = search.get('id')
  return Promise.all([loadAgent(search, load), id && load(consultantKey(id))])
}

/** /InsuranceConsultant?id=: one consultant: photo, licence number, years, specialities, rating, 预约TA. */
export default function ConsultantPage() {
  const [params] = useSearchParams()
  const id = params.get('id')
  useAgentLink()
  const consultant = useConsultant(id)
  const navigate = useAppNavigate()
  if (!id)
    return (
      <EmptyView title="未指定顾问" description="请从顾问列表选择">
        <GoButton to={consultantsHref()}>查看全部顾问</GoButton>
      </EmptyView>
    )
  if (consultant.error)
    return (
      <LoginAwareError back={backToList} error={consultant.error} onRetry={() => void consultant.mutate()} />
    )
  if (!consultant.data) return <LoadingView lines={8} />
  const c = consultant.data
  return (
    <div className="appointments-page" data-testid="consultant">
      <AgentBanner />
      <section className="appointments-card consultant-hero">
        <img className="consultant-photo-large" src={c.photo} alt={`顾问${c.name}`} width={96} height={96} />
        <h1 className="appointments-heading">{c.name}</h1>
        <div className="consultant-rating">评分 {c.rating.toFixed(1)} / 5</div>
      </section>
      <section className="appointments-card">
        <dl className="consultant-facts">
          <div>
            <dt>执业证编号</dt>
            <dd className="consultant-licence">{c.licenceNo}</dd>
          </div>
          <div>
            <dt>从业年限</dt>
            <dd>{c.years} 年</dd>
          </div>
          <div>
            <dt>服务客户</dt>
            <dd>{c.served} 位</dd>
          </div>
        </dl>
        <h2 className="appointments-title">擅长领域</h2>
        <div className="consultant-tags">
          {c.specialities.map((s) => (
            <span key={s} className="consultant-tag">
              {s}
            </span>
          ))}
        </div>
        <h2 className="appointments-title">个人简介</h2>
        <p className="consultant-intro">{c.intro}</p>
      </section>
      <div className="appointments-bar">
        <Button block color="primary" size="large" onClick={() => navigate(orderCounselorHref(c.id))}>
          预约TA
        </Button>
      </div>
    </div>
  )
}
