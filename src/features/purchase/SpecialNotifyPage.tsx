import { useEffect, useState } from 'react'
import { Button, Checkbox, List } from 'antd-mobile'
import { useLocation, useSearchParams } from 'react-router-dom'
import { mutate } from 'swr'
import {
  applicationKey,
  createApplication,
  recordConsent,
  useApplication,
  type OrderApplication,
} from './api'
import { useProductDetail, type ProductDetail } from '../catalog/api'
import { EmptyView, LoadingView } from '../../components/StatusViews'
import { toast } from '../../components/notice'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { coolingOffSentence } from '../../domain/policy'
import { describeError, HttpError } from '../../lib/request'
import { BottomBar } from '../../components/flow/BottomBar'
import { DocumentSheet } from '../../components/flow/DocumentSheet'
import { adoptApplication, enterPurchase, usePurchaseDraft } from './draft'
import { flowHref } from './paths'
import { FlowSteps } from './FlowSteps'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { backToOrders } from '../orders/paths'
import { OrderAlreadyMade } from './OrderAlreadyMade'
import { offerRiskAssessment } from './riskGate'
import '../../components/flow/flow.css'

type Document = OrderApplication['documents'][number]

function documentBody(product: ProductDetail, document: Document): ProductDetail['notice'] {
  if (document.kind === 'notice') return product.notice
  return product.clauses.find((c) => `clause:${c.id}` === document.id)?.body ?? []
}

/** /specialNotify: the recorded-sales notice, then 投保须知 and every clause, each opened and confirmed. */
export default function SpecialNotifyPage() {
  const [params, setParams] = useSearchParams()
  const navigate = useAppNavigate()
  const { pathname, search } = useLocation()
  const productId = params.get('productId')?.trim() || null
  const planCode = params.get('plan') ?? ''
  const coveragePeriod = params.get('coveragePeriod') ?? ''
  const paymentPeriod = params.get('paymentPeriod') ?? ''
  // 一键续保 (/renewal): the policy renewed; the new cover starts the day it ends.
  const renews = params.get('renew') || null
  const birthDate = params.get('birthDate') ?? ''
  const gender = params.get('gender') ?? ''
  const socialInsurance = params.get('socialInsurance') ?? ''
  const product = useProductDetail(productId)
  const draft = usePurchaseDraft(productId)
  // The application in the URL, else the one this tab's draft was working on (resumed if still fitting).
  const fromDraft = !params.get('applicationId')
  const applicationId = params.get('applicationId') ?? (draft.ready ? draft.applicationId || null : null)
  const application = useApplication(applicationId)
  const [starting, setStarting] = useState(false)
  const [readingId, setReadingId] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  // A draft pointing at an application the server no longer has (404) starts over.
  // A draft's application is reused only for the same plan and periods and while no order was made from it.
  const loaded = application.data
  const outdated =
    fromDraft &&
    loaded !== undefined &&
    (loaded.orderId !== null ||
      (planCode !== '' && loaded.planCode !== planCode) ||
      (coveragePeriod !== '' && loaded.coveragePeriod !== coveragePeriod) ||
      (paymentPeriod !== '' && loaded.paymentPeriod !== paymentPeriod) ||
      renews !== (loaded.renewal?.policyId ?? null))
  const staleDraft = (application.error instanceof HttpError && application.error.status === 404) || outdated
  const entering = draft.ready && (!applicationId || staleDraft)
  const resumed = loaded && !staleDraft ? loaded : undefined

  // Before an application, the draft holds the entry's factors (the premium trial's), which price the gates;
  // a resumed application is the draft's record of the plan.
  useEffect(() => {
    if (entering && productId)
      enterPurchase(
        productId,
        { planCode, coveragePeriod, paymentPeriod, effectiveDate: '' },
        { birthDate, gender, socialInsurance },
      )
  }, [entering, productId, planCode, coveragePeriod, paymentPeriod, birthDate, gender, socialInsurance])
  useEffect(() => {
    if (draft.ready && resumed) adoptApplication(resumed)
  }, [draft.ready, resumed])

  if (!productId) return <EmptyView title="缺少产品信息" description="请从产品页面重新进入投保" />
  if (product.error)
    return <LoginAwareError back={backToOrders} error={product.error} onRetry={() => void product.mutate()} />
  if (!product.data || !draft.ready) return <LoadingView lines={6} />
  const detail = product.data

  async function start() {
    setStarting(true)
    try {
      const created = await createApplication({
        productId: detail.id,
        planCode: draft.factors.planCode || detail.plans[0]?.code || '',
        coveragePeriod: draft.factors.coveragePeriod || detail.coveragePeriods[0] || '',
        paymentPeriod: draft.factors.paymentPeriod || detail.paymentPeriods[0] || '',
        recordingNoticeAcknowledged: true,
        ...(renews ? { renewsPolicyId: renews } : {}),
      })
      // Prime the cache under the new key, so the list shows without another round trip.
      await mutate(applicationKey(created.id), created, { revalidate: false })
      adoptApplication(created)
      const next = new URLSearchParams(params)
      next.set('applicationId', created.id)
      setParams(next, { replace: true })
    } catch (error) {
      if (!offerRiskAssessment(error, `${pathname}${search}`, navigate)) toast('error', describeError(error))
    } finally {
      setStarting(false)
    }
  }

  if (application.error && !staleDraft)
    return (
      <LoginAwareError
        back={backToOrders}
        error={application.error}
        onRetry={() => void application.mutate()}
      />
    )
  if (!applicationId || staleDraft) {
    return (
      <div className="purchase-page">
        <FlowSteps current={0} />
        <div className="purchase-card">
          <h2>投保提示</h2>
          <p>
            您即将进入《{detail.name}》的{renews ? '续保' : '投保'}流程。
          </p>
          {renews && <p>续保保单自原保单到期日起生效，保障无缝衔接，保费按届时被保险人的年龄计算。</p>}
          <p>
            根据监管要求，<strong>您在本页面及后续投保页面的浏览和操作将被记录</strong>
            （互联网保险销售行为可回溯），用于证明您已充分了解产品信息。
          </p>
          <p className="purchase-muted">我们仅在投保范围内使用这些记录，并依法保护您的个人信息。</p>
        </div>
        <BottomBar>
          <Button block color="primary" loading={starting} disabled={starting} onClick={() => void start()}>
            我已知晓，开始投保
          </Button>
        </BottomBar>
      </div>
    )
  }
  if (!application.data) return <LoadingView lines={6} />
  const app = application.data
  if (app.orderId) return <OrderAlreadyMade orderId={app.orderId} />
  const allConfirmed = app.documents.every((d) => d.confirmedAt)
  const reading = app.documents.find((d) => d.id === readingId) ?? null

  async function open(document: Document) {
    setReadingId(document.id)
    if (document.openedAt) return
    try {
      await application.mutate(await recordConsent(app.id, document.id, 'open'), { revalidate: false })
    } catch (error) {
      toast('error', describeError(error))
    }
  }

  async function confirm(document: Document) {
    setBusy(true)
    try {
      await application.mutate(await recordConsent(app.id, document.id, 'confirm'), { revalidate: false })
      setReadingId(null)
    } catch (error) {
      toast('error', describeError(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="purchase-page">
      <FlowSteps current={0} />
      <div className="purchase-notice">
        请逐一打开阅读以下文件并确认。{coolingOffSentence(detail.coolingOffDays)}。
      </div>
      <List header="投保须知与保险条款">
        {app.documents.map((document) => (
          <List.Item
            key={document.id}
            onClick={() => void open(document)}
            prefix={
              <Checkbox
                checked={Boolean(document.confirmedAt)}
                aria-label={`确认《${document.title}》`}
                onChange={() => void open(document)}
              />
            }
            description={
              document.confirmedAt ? '已阅读并确认' : document.openedAt ? '已打开，待确认' : '未阅读'
            }
          >
            《{document.title}》
          </List.Item>
        ))}
      </List>
      <DocumentSheet
        document={reading && { title: reading.title, body: documentBody(detail, reading) }}
        onClose={() => setReadingId(null)}
      >
        {reading && (
          <Button
            block
            color="primary"
            loading={busy}
            disabled={busy || Boolean(reading.confirmedAt)}
            onClick={() => void confirm(reading)}
          >
            {reading.confirmedAt ? '已确认' : '我已阅读并确认'}
          </Button>
        )}
      </DocumentSheet>
      <BottomBar>
        <span className="purchase-muted">{allConfirmed ? '已全部确认' : '请阅读并确认全部文件'}</span>
        <Button
          color="primary"
          disabled={!allConfirmed}
          onClick={() => navigate(flowHref('insured', detail.id, app.id))}
        >
          下一步
        </Button>
      </BottomBar>
    </div>
  )
}
