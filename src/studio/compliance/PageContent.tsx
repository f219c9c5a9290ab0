// A sales page version's content drawn as the buyer's phone showed it: the product page snapshot (name, insurer,
// the plan with its coverages and premium table), a document's text (the page's own markdown renderer), or the
// purchase screens' texts. Only what was recorded: nothing here asks the server for today's page.
import { Alert, Empty, Tag } from 'antd'
import { MarkdownTree } from '../../components/MarkdownTree'
import { formatCoverageAmount } from '../../domain/money'
import { coveragePeriodLabel, paymentPeriodLabel } from '../../domain/periods'
import type { ProductDetail, PremiumRate } from '../../types/generated/api/catalog'
import type { SalesPageVersion } from '../api/types'
import { documentContent, PURCHASE_TEXT_NAMES, productContent, textsContent, type ChosenPlan } from './trail'
import { yuan } from './words'

const GENDER: Record<PremiumRate['gender'], string> = { M: '男', F: '女', ANY: '不限' }
const SOCIAL: Record<PremiumRate['socialInsurance'], string> = { Y: '有社保', N: '无社保', ANY: '不限' }
/** A premium table can hold 2000 rows: the phone shows the first ones of the chosen periods. */
const RATE_ROWS = 30

export function Missing({ what }: { what: string }) {
  return <Alert type="warning" showIcon title={`未找到${what}的记录内容`} />
}

function PremiumTable({ plan, chosen }: { plan: ProductDetail['plans'][number]; chosen?: ChosenPlan }) {
  const rows = plan.premiumRates.filter(
    (r) =>
      (!chosen?.coveragePeriod || r.coveragePeriod === chosen.coveragePeriod) &&
      (!chosen?.paymentPeriod || r.paymentPeriod === chosen.paymentPeriod),
  )
  if (rows.length === 0) return <p className="trail-muted">该计划没有对应的费率</p>
  return (
    <>
      <table className="trail-table" aria-label={`${plan.name}费率表`}>
        <thead>
          <tr>
            <th>年龄</th>
            <th>性别</th>
            <th>社保</th>
            <th>保障/交费</th>
            <th>保费</th>
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, RATE_ROWS).map((r, i) => (
            <tr key={i}>
              <td>
                {r.ageMin}–{r.ageMax} 岁
              </td>
              <td>{GENDER[r.gender]}</td>
              <td>{SOCIAL[r.socialInsurance]}</td>
              <td>
                {coveragePeriodLabel(r.coveragePeriod)} / {paymentPeriodLabel(r.paymentPeriod)}
              </td>
              <td>{yuan(r.premiumFen)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > RATE_ROWS && (
        <p className="trail-muted">
          共 {rows.length} 档，仅显示前 {RATE_ROWS} 档
        </p>
      )}
    </>
  )
}

/** The product page then: its chosen plan (or every plan, when none was chosen yet). */
export function ProductSnapshot({ product, chosen }: { product: ProductDetail; chosen?: ChosenPlan }) {
  const chosenPlan = chosen && product.plans.find((p) => p.code === chosen.planCode)
  const plans = chosenPlan ? [chosenPlan] : product.plans
  return (
    <div className="trail-product">
      <h2 className="trail-product-name">{product.name}</h2>
      {product.tagline && <p className="trail-muted">{product.tagline}</p>}
      <p>承保公司：{product.insurerName}</p>
      <p className="trail-price">{yuan(product.minPremiumFen)} 起</p>
      {product.tags.length > 0 && (
        <p>
          {product.tags.map((tag) => (
            <Tag key={tag}>{tag}</Tag>
          ))}
        </p>
      )}
      <dl className="trail-facts">
        <dt>投保年龄</dt>
        <dd>
          {product.ageMin.days ? `出生满 ${product.ageMin.days} 天` : `${product.ageMin.years} 周岁`}至{' '}
          {product.ageMax} 周岁
        </dd>
        <dt>等待期</dt>
        <dd>{product.waitingPeriodDays} 天</dd>
        <dt>犹豫期</dt>
        <dd>{product.coolingOffDays ? `${product.coolingOffDays} 天` : '无'}</dd>
        {chosen?.coveragePeriod && (
          <>
            <dt>保障期间</dt>
            <dd>{coveragePeriodLabel(chosen.coveragePeriod)}</dd>
          </>
        )}
        {chosen?.paymentPeriod && (
          <>
            <dt>交费期间</dt>
            <dd>{paymentPeriodLabel(chosen.paymentPeriod)}</dd>
          </>
        )}
      </dl>
      {plans.map((plan) => (
        <section key={plan.code} aria-label={`保障计划 ${plan.name}`}>
          <h3>
            {chosenPlan ? '所选计划' : '保障计划'}：{plan.name}
          </h3>
          <table className="trail-table" aria-label={`${plan.name}保障内容`}>
            <thead>
              <tr>
                <th>保障项目</th>
                <th>保额</th>
              </tr>
            </thead>
            <tbody>
              {plan.coverages.map((c) => (
                <tr key={c.name}>
                  <td>
                    {c.name}
                    {c.description && <div className="trail-muted">{c.description}</div>}
                  </td>
                  <td>{formatCoverageAmount(c.amountFen)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h3>保费</h3>
          <PremiumTable plan={plan} chosen={chosenPlan ? chosen : undefined} />
        </section>
      ))}
      {product.description.length > 0 && (
        <section className="trail-markdown" aria-label="产品介绍">
          <h3>产品介绍</h3>
          <MarkdownTree nodes={product.description} />
        </section>
      )}
    </div>
  )
}

/** One version's content, whatever its kind (the versions view). */
export function VersionContent({ version }: { version: SalesPageVersion }) {
  if (version.kind === 'product') {
    const product = productContent(version)
    return product ? <ProductSnapshot product={product} /> : <Missing what="产品页面" />
  }
  if (version.kind === 'document') {
    const document = documentContent(version)
    return document ? (
      <div className="trail-markdown">
        <h2>{document.title}</h2>
        <MarkdownTree nodes={document.body} />
      </div>
    ) : (
      <Missing what="文件" />
    )
  }
  const texts = textsContent(version)
  const entries = Object.entries(texts ?? {})
  if (entries.length === 0) return <Empty description="没有文字" />
  return (
    <dl className="trail-texts">
      {entries.map(([key, text]) => (
        <div key={key}>
          <dt>
            {key in PURCHASE_TEXT_NAMES ? PURCHASE_TEXT_NAMES[key as keyof typeof PURCHASE_TEXT_NAMES] : key}
          </dt>
          <dd>{text}</dd>
        </div>
      ))}
    </dl>
  )
}
