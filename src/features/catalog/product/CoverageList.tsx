import type { Plan } from '../api'
import { formatCoverageAmount } from '../../../domain/money'

/** 保障内容 of the chosen plan: each item with its amount. */
export function CoverageList({ plan }: { plan: Plan | undefined }) {
  if (!plan || plan.coverages.length === 0) return <p className="muted">该计划暂无保障明细</p>
  return (
    <dl className="coverage-list" aria-label={`${plan.name}保障内容`}>
      {plan.coverages.map((c) => (
        <div key={c.name} className="coverage-item">
          <dt>{c.name}</dt>
          <dd className="coverage-amount">{formatCoverageAmount(c.amountFen)}</dd>
          {c.description && <dd className="coverage-desc">{c.description}</dd>}
        </div>
      ))}
    </dl>
  )
}
