import { AppLink } from '../../components/navigation/AppLink'
import type { Consultant } from './api'
import { consultantHref } from './paths'

/** A consultant's photo, name, rating, years and specialities, linking to their page. */
export function ConsultantCard({ consultant: c }: { consultant: Consultant }) {
  return (
    <AppLink className="consultant-card" to={consultantHref(c.id)} data-testid="consultant-card">
      <img className="consultant-photo" src={c.photo} alt={`顾问${c.name}`} width={64} height={64} />
      <div className="consultant-body">
        <div className="consultant-name">
          <strong>{c.name}</strong>
          <span className="consultant-rating">{c.rating.toFixed(1)} 分</span>
        </div>
        <div className="appointments-muted">
          从业 {c.years} 年 · 服务 {c.served} 位客户
        </div>
        <div className="appointments-muted consultant-card-licence">执业证编号 {c.licenceNo}</div>
        <div className="consultant-tags">
          {c.specialities.map((s) => (
            <span key={s} className="consultant-tag">
              {s}
            </span>
          ))}
        </div>
      </div>
    </AppLink>
  )
}
