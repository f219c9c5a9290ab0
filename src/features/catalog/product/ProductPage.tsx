import { useEffect, useState } from 'react'
import { Button, Tag } from 'antd-mobile'
import { HistogramOutline, ShopbagOutline } from 'antd-mobile-icons'
import { useSearchParams } from 'react-router-dom'
import { useSnapshot } from 'valtio'
import { postQuote, productDetailKey, quoteKey, useProductDetail, useQuote, type ProductDetail } from '../api'
import { CompareBar } from '../compare/CompareBar'
import { addToCompare, compareTray, removeFromCompare } from '../compare/compareTray'
import { coolingOffShort } from '../../../domain/policy'
import { PriceText } from '../../../components/PriceText'
import { EmptyView, ErrorView, LoadingView } from '../../../components/StatusViews'
import { toast } from '../../../components/notice'
import { describeError } from '../../../lib/request'
import { AppLink } from '../../../components/navigation/AppLink'
import { useAppNavigate } from '../../../components/navigation/useAppNavigate'
import { defaultEffectiveDate, shanghaiDate } from '../../../domain/age'
import { premiumCadenceLabel } from '../../../domain/periods'
import { ageRangeLabel } from '../../../domain/pricing'
import { productRiskLabel } from '../../../domain/riskAssessment'
import { riskAssessmentHref } from '../../risk/paths'
import { CoverageList } from './CoverageList'
import { PremiumTrial } from './PremiumTrial'
import {
  firstFactors,
  purchasePath,
  toQuoteRequest,
  useTrialFactors,
  type TrialFactors,
} from './trialFactors'
import { isMissingProduct } from './productErrors'
import './product.css'
import { loginPathFor } from '../../../components/navigation/appPath'
import { GoButton } from '../../../components/navigation/GoButton'
import { productIdOf, productInfoHref, shoppingHref } from '../paths'
import { saveToCart } from '../../cart/api'
import { recordTrial } from '../../campaigns/api'
import { fetchMe, meKey, useMe, type Me } from '../../member/api'
import { familyMembersKey, type FamilyMemberList } from '../../family/api'
import { disclosureKey } from '../../../components/disclosure/api'
import type { ScreenLoader } from '../../../types/route'
import { productAppointmentHref } from '../../appointments/paths'
import { partnerEntryHref } from '../../partners/paths'
import { appointmentTopicFor } from '../../../domain/appointments'
import { ServiceDisclosure } from '../../../components/disclosure/ServiceDisclosure'
import { ProductTabs } from './ProductTabs'
import { useTrailScreen } from '../../trail/api'
import { trackFunnel } from '../../../lib/analytics'

/** Asks the server whether the session cookie (HttpOnly) is still valid. */
const checkLoggedIn = async () => (await fetchMe()) !== null

/** The product, its disclosure, and the price of the trial it opens with (for the user's real insured). */
export const loader: ScreenLoader = async ({ search, loggedIn }, load) => {
  const id = productIdOf(search)
  if (!id) return
  const [product, me, family] = await Promise.all([
    load<ProductDetail>(productDetailKey(id)),
    load<Me | null>(meKey),
    loggedIn ? load<FamilyMemberList>(familyMembersKey).catch(() => undefined) : undefined,
    load(disclosureKey(id)),
  ])
  if (!product.plans.length) return
  const now = Date.now()
  const factors = firstFactors(product, shanghaiDate(now), defaultEffectiveDate(now), me, family?.items)
  const request = toQuoteRequest(product.id, factors)
  await load(quoteKey(request), () => postQuote(request))
}

/** /product?id=: what the product covers, for whom, at what price, and the way into the purchase. */
export default function ProductPage() {
  const [params] = useSearchParams()
  const id = productIdOf(params)
  const { data, error, isLoading, mutate } = useProductDetail(id)

  if (!id)
    return (
      <EmptyView title="未指定产品" description="请从商城选择一款产品查看">
        <GoButton to={shoppingHref()}>去商城</GoButton>
      </EmptyView>
    )
  if (isLoading) return <LoadingView lines={8} />
  if (isMissingProduct(error))
    return (
      <EmptyView title="产品不存在或已下架" description="看看商城里的其他产品吧">
        <GoButton to={shoppingHref()}>去商城</GoButton>
      </EmptyView>
    )
  if (error) return <ErrorView error={error} onRetry={() => void mutate()} />
  if (!data)
    return (
      <EmptyView title="产品不存在或已下架" description="看看商城里的其他产品吧">
        <GoButton to={shoppingHref()}>去商城</GoButton>
      </EmptyView>
    )
  // Remount per product so the trial starts from that product's defaults.
  return <ProductDetailView key={data.id} product={data} />
}

function ProductDetailView({ product }: { product: ProductDetail }) {
  const [today] = useState(() => shanghaiDate(Date.now()))
  const [factors, setFactors] = useTrialFactors(product, today)
  const [tried, setTried] = useState(false)
  const signedIn = Boolean(useMe().data)
  // 可回溯: a logged-in buyer's sale is recorded from the product page, with the version of its data shown.
  useTrailScreen({ productId: product.id, productVersion: product.pageVersion, title: '产品详情' })
  useEffect(() => trackFunnel('product', product.id), [product.id])
  /**
   * The buyer's own trial (a factor changed): it counts where a campaign says a trial earns a chance. Only a
   * signed-in user's is recorded: a visitor's would be refused (401), which sends to login mid-trial.
   */
  const changeFactors = (next: TrialFactors) => {
    setFactors(next)
    if (tried || !signedIn) return
    setTried(true)
    void recordTrial().catch(() => undefined)
  }
  const quote = useQuote(product.plans.length ? toQuoteRequest(product.id, factors) : null)
  const plan = product.plans.find((p) => p.code === factors.planCode)
  const navigate = useAppNavigate()
  const { items: compared } = useSnapshot(compareTray)
  const inCompare = compared.some((p) => p.id === product.id)
  const [checking, setChecking] = useState(false)
  const priced = quote.data && !quote.error && !quote.isLoading

  const buy = async () => {
    // A partner insurer's product is applied for through its own flow (src/features/partners).
    const target = partnerEntryHref(product.id) ?? purchasePath(product.id, factors)
    setChecking(true)
    try {
      const loggedIn = await checkLoggedIn()
      navigate(loggedIn ? target : loginPathFor(target))
    } catch {
      toast('error', '网络异常，请稍后重试')
    } finally {
      setChecking(false)
    }
  }

  const [saving, setSaving] = useState(false)
  const addToCart = async () => {
    if (!quote.data || !plan) return
    setSaving(true)
    try {
      const result = await saveToCart(
        {
          productId: product.id,
          planCode: factors.planCode,
          coveragePeriod: factors.coveragePeriod,
          paymentPeriod: factors.paymentPeriod,
          birthDate: factors.birthDate,
          gender: factors.gender,
          socialInsurance: factors.socialInsurance,
        },
        { productName: product.name, planName: plan.name, premiumFen: quote.data.premiumFen },
        await checkLoggedIn(),
      )
      if (result === 'full') toast('warning', '购物车已满，请先删除部分方案')
      else toast('success', '已加入购物车')
    } catch (error) {
      toast('error', describeError(error))
    } finally {
      setSaving(false)
    }
  }

  const toggleCompare = () => {
    if (inCompare) return removeFromCompare(product.id)
    const result = addToCompare({ id: product.id, name: product.name })
    if (result === 'full') toast('warning', '最多同时对比4款产品')
    else toast('success', '已加入对比')
  }

  return (
    <div className="product-page" data-testid="product-page">
      <img src={product.image} alt={product.name} className="product-hero" width={240} height={160} />
      <section className="section product-summary">
        <h1 className="product-name">{product.name}</h1>
        <p className="product-tagline">{product.tagline}</p>
        <div className="product-tags">
          {product.tags.map((tag) => (
            <Tag key={tag} color="primary" fill="outline">
              {tag}
            </Tag>
          ))}
        </div>
        <div className="product-price-line">
          <PriceText fen={product.minPremiumFen} suffix="起" className="product-price" />
          <span className="muted">
            已售 {product.salesCount.toLocaleString('zh-CN')} · 评分 {product.rating.toFixed(1)}
          </span>
        </div>
        <div className="product-insurer">承保公司：{product.insurerName}</div>
      </section>

      <section className="section" aria-label="投保规则">
        <h2 className="section-title">投保规则</h2>
        <dl className="facts">
          <div>
            <dt>投保年龄</dt>
            <dd>{ageRangeLabel(product)}</dd>
          </div>
          <div>
            <dt>等待期</dt>
            <dd>{product.waitingPeriodDays > 0 ? `${product.waitingPeriodDays}天` : '无等待期'}</dd>
          </div>
          <div>
            <dt>犹豫期</dt>
            <dd>{coolingOffShort(product.coolingOffDays)}</dd>
          </div>
          {product.riskLevel && (
            <div>
              <dt>风险等级</dt>
              <dd data-testid="product-risk-level">{productRiskLabel(product.riskLevel)}</dd>
            </div>
          )}
        </dl>
        {product.riskLevel && (
          <p className="muted product-risk-note">
            投资收益不保证，购买前需完成风险测评，且风险承受能力不低于该产品的风险等级。
            <AppLink to={riskAssessmentHref()}>去风险测评</AppLink>
          </p>
        )}
      </section>

      <section className="section" aria-label="保障内容">
        <h2 className="section-title">保障内容{plan ? `（${plan.name}）` : ''}</h2>
        <CoverageList plan={plan} />
      </section>

      {product.plans.length ? (
        <PremiumTrial
          product={product}
          factors={factors}
          onChange={changeFactors}
          today={today}
          quote={quote}
        />
      ) : (
        <section className="section">
          <EmptyView title="该产品暂未开放试算" />
        </section>
      )}

      <ProductTabs product={product} />
      <p className="product-legal muted">
        投保前请仔细阅读
        <AppLink to={productInfoHref(product.id)}>《保险条款》《投保须知》</AppLink>
        ，保险责任以条款为准。
      </p>
      <p className="product-consult muted">
        拿不准怎么选？
        <AppLink to={productAppointmentHref(appointmentTopicFor(product.categoryCode))}>
          预约顾问免费讲解
        </AppLink>
      </p>
      <ServiceDisclosure productId={product.id} />

      {/* The tray sits on the bar, in one sticky block at the page's end: as tall as its rows, never under the bar. */}
      <div className="product-bottom">
        <CompareBar docked />
        <div className="product-action-bar">
          <button
            type="button"
            className={`product-action-icon${inCompare ? ' active' : ''}`}
            aria-label={inCompare ? '取消对比' : '加入对比'}
            onClick={toggleCompare}
          >
            <HistogramOutline aria-hidden />
            <span>对比</span>
          </button>
          <button
            type="button"
            className="product-action-icon"
            aria-label="加入购物车"
            aria-busy={saving}
            disabled={!priced || saving}
            onClick={() => void addToCart()}
          >
            <ShopbagOutline aria-hidden />
            <span>购物车</span>
          </button>
          <div className="product-action-price">
            {priced && quote.data ? (
              <PriceText fen={quote.data.premiumFen} suffix={premiumCadenceLabel(factors.paymentPeriod)} />
            ) : (
              <span className="muted">{quote.error ? '暂不可投保' : '计算中…'}</span>
            )}
          </div>
          <Button
            className="product-action-buy"
            color="primary"
            disabled={!priced || checking}
            loading={checking}
            onClick={() => void buy()}
          >
            立即投保
          </Button>
        </div>
      </div>
    </div>
  )
}
