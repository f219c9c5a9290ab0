import { Result } from '../../components/Result'
import type { HealthResult } from '../../types/generated/api/order'
import { AppLink } from '../../components/navigation/AppLink'
import { formatFen } from '../../domain/money'
import { productHref } from '../catalog/paths'

/**
 * The server's underwriting when it did not simply accept the insured: 除外承保 with what is not covered, or
 * 拒保 with the products that fit (same category, not asking what was answered 是, the insured's age fits).
 */
export function HealthVerdict({ verdict, insured }: { verdict: HealthResult; insured: string }) {
  if (verdict.outcome === 'exclusion')
    return (
      <Result
        status="warning"
        title="核保结论：除外承保"
        description={`被保险人（${insured}）可以投保本产品，但以下情况不在保障范围内：${verdict.exclusions.join('；')}。该结论将记入投保记录。`}
      />
    )
  return (
    <>
      <Result
        status="error"
        title="被保险人暂不符合投保条件"
        description={`根据健康告知，被保险人（${insured}）不能投保本产品。如有误选，可重新作答；也可以为其他家人投保。`}
      />
      {verdict.alternatives.length > 0 && (
        <section aria-labelledby="health-alternatives-title">
          <h2 id="health-alternatives-title" className="section-title health-alternatives-title">
            这些产品不问上述情况，可以看看
          </h2>
          <ul className="health-alternatives">
            {verdict.alternatives.map((p) => (
              <li key={p.id}>
                <AppLink to={productHref(p.id)}>
                  <img src={p.image} alt="" />
                  <span>
                    <strong>{p.name}</strong>
                    <small>{p.tagline}</small>
                  </span>
                  <span className="purchase-price">¥{formatFen(p.minPremiumFen)}起</span>
                </AppLink>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  )
}
