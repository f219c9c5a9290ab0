import { useEffect, useState } from 'react'
import { Button, List } from 'antd-mobile'
import { Checkbox } from '../../components/check/Check'
import { useLocation, useSearchParams } from 'react-router-dom'
import { mutate } from 'swr'
import {
  applicationKey,
  confirmAllDocuments,
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
import { purchaseText } from '../../domain/purchaseTexts'
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
import { flowParamsOf, loadFlow } from './flow'
import type { ScreenLoader } from '../../types/route'
import { useTrailDocument, useTrailScreen } from '../trail/api'
import { trackFunnel } from '../../lib/analytics'
import '../../components/flow/flow.css'

type Document = OrderApplication['documents'][number]

function documentBody(
  product: ProductDetail,
  document: Pick<Document, 'id' | 'kind'>,
): ProductDetail['notice'] {
  if (document.kind === 'notice') return product.notice
  return product.clauses.find((c) => `clause:${c.id}` === document.id)?.body ?? []
}

// The draft's application is known in the browser only (sessionStorage): the server renders without it.
export const loader: ScreenLoader = async ({ search }, load) => loadFlow(search, load)

/**
 * /specialNotify: one screen — the recorded-sales notice, 投保须知 and every clause (each openable by tap, its
 * opening recorded), and one 我已阅读并同意 (never pre-ticked) that confirms them all on the server.
 */
export default function SpecialNotifyPage() {
  const [params] = useSearchParams()
  const navigate = useAppNavigate()
  const { pathname, search } = useLocation()
  const inUrl = flowParamsOf(params)
  const productId = inUrl.productId
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
  const fromDraft = !inUrl.applicationId
  const applicationId = inUrl.applicationId ?? (draft.ready ? draft.applicationId || null : null)
  const application = useApplication(applicationId)
  const [readingId, setReadingId] = useState<string | null>(null)
  const [openedIds, setOpenedIds] = useState<string[]>([])
  const [agreed, setAgreed] = useState(false)
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
  useTrailScreen({
    productId: product.data?.id ?? null,
    productVersion: product.data?.pageVersion,
    title: '投保须知',
  })
  useEffect(() => trackFunnel('notice', product.data?.id), [product.data?.id])
  // The version read is the application's, once it exists.
  const readingVersion = resumed?.documents.find((d) => d.id === readingId)?.version
  const readToEnd = useTrailDocument(
    product.data ? productId : null,
    readingId ? { id: readingId, version: readingVersion } : null,
  )

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

  // Documents opened before the application exists are recorded as opened when it is created.
  const opened = new Set(openedIds)
  const resumedApp = applicationId && !staleDraft ? application.data : undefined
  if (applicationId && !staleDraft && application.error)
    return (
      <LoginAwareError
        back={backToOrders}
        error={application.error}
        onRetry={() => void application.mutate()}
      />
    )
  if (applicationId && !staleDraft && !resumedApp) return <LoadingView lines={6} />
  if (resumedApp?.orderId) return <OrderAlreadyMade orderId={resumedApp.orderId} />
  const notice = { id: 'notice', kind: 'notice' as const, title: '投保须知' }
  const documents: Pick<Document, 'id' | 'kind' | 'title'>[] = resumedApp
    ? resumedApp.documents
    : [
        notice,
        ...detail.clauses.map((c) => ({ id: `clause:${c.id}`, kind: 'clause' as const, title: c.title })),
      ]
  const confirmed = Boolean(resumedApp?.documents.every((d) => d.confirmedAt))
  const reading = documents.find((d) => d.id === readingId) ?? null
  const wasOpened = (id: string) =>
    opened.has(id) || Boolean(resumedApp?.documents.find((d) => d.id === id)?.openedAt)

  async function open(document: Pick<Document, 'id'>) {
    setReadingId(document.id)
    if (wasOpened(document.id)) return
    setOpenedIds((ids) => [...ids, document.id])
    // Recorded at once when the application exists; else with its creation.
    if (resumedApp)
      try {
        await application.mutate(await recordConsent(resumedApp.id, document.id, 'open'), {
          revalidate: false,
        })
      } catch (error) {
        toast('error', describeError(error))
      }
  }

  /** 下一步: the application (recording notice acknowledged), what was opened, then every document confirmed. */
  async function agreeAndGo() {
    setBusy(true)
    try {
      let app = resumedApp
      if (!app) {
        app = await createApplication({
          productId: detail.id,
          planCode: draft.factors.planCode || detail.plans[0]?.code || '',
          coveragePeriod: draft.factors.coveragePeriod || detail.coveragePeriods[0] || '',
          paymentPeriod: draft.factors.paymentPeriod || detail.paymentPeriods[0] || '',
          recordingNoticeAcknowledged: true,
          ...(renews ? { renewsPolicyId: renews } : {}),
        })
        for (const id of openedIds) app = await recordConsent(app.id, id, 'open')
      }
      if (!app.documents.every((d) => d.confirmedAt)) app = await confirmAllDocuments(app.id)
      await mutate(applicationKey(app.id), app, { revalidate: false })
      adoptApplication(app)
      navigate(flowHref('infoFill', detail.id, app.id))
    } catch (error) {
      if (!offerRiskAssessment(error, `${pathname}${search}`, navigate)) toast('error', describeError(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="purchase-page">
      <FlowSteps current="阅读须知" />
      <div className="purchase-card">
        <h2>投保提示</h2>
        <p>
          您即将进入《{detail.name}》的{renews ? '续保' : '投保'}流程。
        </p>
        {renews && <p>续保保单自原保单到期日起生效，保障无缝衔接，保费按届时被保险人的年龄计算。</p>}
        <p>
          <strong>{purchaseText('recordingNotice')}</strong>
        </p>
        <p className="purchase-muted">
          {purchaseText('recordingUse')}
          {coolingOffSentence(detail.coolingOffDays)}。
        </p>
      </div>
      <List header="投保须知与保险条款（点击阅读全文）" className="flow-documents">
        {documents.map((document) => (
          <List.Item
            key={document.id}
            arrowIcon
            onClick={() => void open(document)}
            extra={wasOpened(document.id) ? '已阅读' : '未阅读'}
          >
            《{document.title}》
          </List.Item>
        ))}
      </List>
      <div className="flow-agree">
        <Checkbox checked={agreed || confirmed} disabled={confirmed} onChange={setAgreed}>
          {purchaseText('documentsAgreement', { documents: documents.map((d) => `《${d.title}》`).join('') })}
        </Checkbox>
      </div>
      <DocumentSheet
        document={reading && { title: reading.title, body: documentBody(detail, reading) }}
        onClose={() => setReadingId(null)}
        onReadToEnd={readToEnd}
      >
        <Button block color="primary" onClick={() => setReadingId(null)}>
          读完了，返回
        </Button>
      </DocumentSheet>
      <BottomBar>
        <Button
          block
          color="primary"
          loading={busy}
          disabled={busy || !(agreed || confirmed)}
          onClick={() => void agreeAndGo()}
        >
          {agreed || confirmed ? '同意并继续' : '请先阅读并勾选同意'}
        </Button>
      </BottomBar>
    </div>
  )
}
