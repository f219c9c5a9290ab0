import { queryParam } from '../../lib/href'
import { Suspense, useState } from 'react'
import { Button } from 'antd-mobile'
import { Steps } from '../../components/Steps'
import { useSearchParams } from 'react-router-dom'
import { BottomBar } from '../../components/flow/BottomBar'
import { ChunkRetryNotice } from '../../components/ChunkRetryNotice'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { LabeledRow } from '../../components/LabeledRow'
import { MaskedName } from '../../components/MaskedName'
import { GoButton } from '../../components/navigation/GoButton'
import { toast } from '../../components/notice'
import { Dialog } from '../../components/dialog'
import { PhotoUploader, type UploadedPhoto } from '../../components/PhotoUploader'
import { EmptyView, LoadingView } from '../../components/StatusViews'
import { DOCUMENT_KINDS, MAX_CLAIM_DOCUMENTS, OPEN_CLAIM_STATUSES } from '../../domain/claims'
import { formatShanghaiDateTime } from '../../domain/dates'
import { describeError } from '../../lib/request'
import { lazyWithRetry } from '../../lib/lazyWithRetry'
import { claimKey, supplementClaim, useClaim, withdrawClaim, type Claim } from './api'
import {
  CLAIM_STATUS_COLORS,
  CLAIM_STATUS_EXPLAINED,
  claimStatusName,
  claimStepLabel,
  claimYuan,
} from './claimStatus'
import { claimListHref } from './paths'
import { policyKey, usePolicy, type Policy } from '../policies/api'
import { ServiceDisclosure } from '../../components/disclosure/ServiceDisclosure'
import { disclosureKey } from '../../components/disclosure/api'
import type { ScreenLoader } from '../../types/route'
import '../../components/flow/flow.css'
import './claimStatus.css'

type DocumentKind = Claim['documents'][number]['kind']

const backToList = { to: claimListHref(), label: '返回我的理赔' }

/** The claim the URL names (?id=), or null. */
const claimIdOf = (search: URLSearchParams) => queryParam(search, 'id')

export const loader: ScreenLoader = async (at, load) => {
  const id = claimIdOf(at.search)
  if (!id) return
  const claim = await load<Claim>(claimKey(id))
  // Without its policy the screen shows the platform's disclosure alone.
  const policy = await load<Policy>(policyKey(claim.policyId)).catch(() => undefined)
  await load(disclosureKey(policy?.productId ?? null))
}

/** /claim/claimDetail?id=: one claim's status, the documents asked for, its details, documents and timeline. */
export default function ClaimDetailPage() {
  const [params] = useSearchParams()
  const id = claimIdOf(params)
  const claim = useClaim(id)
  const policy = usePolicy(claim.data?.policyId ?? null)
  const [withdrawing, setWithdrawing] = useState(false)

  if (!id)
    return (
      <EmptyView title="理赔不存在" description="请从我的理赔进入">
        <GoButton to={backToList.to}>{backToList.label}</GoButton>
      </EmptyView>
    )
  if (claim.error)
    return <LoginAwareError back={backToList} error={claim.error} onRetry={() => void claim.mutate()} />
  if (!claim.data) return <LoadingView lines={8} />
  const current = claim.data
  const open = OPEN_CLAIM_STATUSES.includes(current.status)
  // The answer is what the screen shows now (this screen's cache, whichever SWR provider it runs under).
  const shown = (changed: Claim) => claim.mutate(changed, { revalidate: false })

  async function withdraw() {
    const ok = await Dialog.confirm({
      content: '确定撤回本次理赔申请吗？撤回后如需理赔，需重新提交申请。',
      confirmText: '撤回申请',
      cancelText: '再想想',
    })
    if (!ok) return
    setWithdrawing(true)
    try {
      await shown(await withdrawClaim(current.id))
      toast('success', '已撤回')
    } catch (error) {
      toast('error', describeError(error))
    } finally {
      setWithdrawing(false)
    }
  }

  return (
    <div className="purchase-page claim-detail-page" data-testid="claim-detail">
      <header className={`claim-status claim-status--${CLAIM_STATUS_COLORS[current.status]}`}>
        <h2 data-testid="claim-status">{claimStatusName(current.status)}</h2>
        <p data-testid="claim-next-step">
          <strong>{claimStepLabel(current.status)}</strong>
          {CLAIM_STATUS_EXPLAINED[current.status]}
        </p>
      </header>

      {current.status === 'NEED_SUPPLEMENT' && current.needed.length > 0 && (
        <SupplementCard key={current.timeline.length} claim={current} onChanged={shown} />
      )}

      <section className="purchase-card" data-testid="claim-timeline">
        <h2>理赔进度</h2>
        <Steps
          direction="vertical"
          current={current.timeline.length - 1}
          items={current.timeline.map((step) => ({
            title: claimStatusName(step.status),
            description: (
              <>
                {step.note && <span className="claim-step-note">{step.note}</span>}
                <span className="claim-step-time">{formatShanghaiDateTime(step.at)}</span>
              </>
            ),
          }))}
        />
      </section>

      {(current.decision || current.paidFen !== null) && (
        <section className="purchase-card" data-testid="claim-decision">
          <h2>理赔结论</h2>
          {current.decision && <LabeledRow label="审核结论">{current.decision}</LabeledRow>}
          {current.paidFen !== null && (
            <LabeledRow label="赔付金额">
              <span className="claim-amount">{claimYuan(current.paidFen)}</span>
            </LabeledRow>
          )}
        </section>
      )}

      <section className="purchase-card">
        <h2>理赔信息</h2>
        <LabeledRow label="理赔编号">{current.claimNo}</LabeledRow>
        <LabeledRow label="保单号">{current.policyNo}</LabeledRow>
        <LabeledRow label="保险产品">{current.productName}</LabeledRow>
        <LabeledRow label="被保险人">
          <MaskedName name={current.insuredName} />
        </LabeledRow>
        <LabeledRow label="理赔类型">{current.typeName}</LabeledRow>
        <LabeledRow label="出险日期">{current.eventDate}</LabeledRow>
        <LabeledRow label="出险地点">{current.place}</LabeledRow>
        <LabeledRow label="申请金额">
          <span className="claim-amount">{claimYuan(current.amountFen)}</span>
        </LabeledRow>
        <LabeledRow label="申请时间">{formatShanghaiDateTime(current.createdAt)}</LabeledRow>
        <div className="claim-description">
          <span>事故经过</span>
          <p>{current.description}</p>
        </div>
      </section>

      <section className="purchase-card">
        <h2>收款信息</h2>
        <LabeledRow label="收款人">
          <MaskedName name={current.payee.name} />
        </LabeledRow>
        <LabeledRow label="开户银行">{current.payee.bankName}</LabeledRow>
        <LabeledRow label="银行卡号">{current.payee.cardMasked}</LabeledRow>
      </section>

      <Documents documents={current.documents} />

      <ServiceDisclosure
        productId={policy.data?.productId ?? null}
        serviceContext={{ claimId: current.id }}
      />

      {open && (
        <BottomBar>
          <Button
            block
            fill="outline"
            color="danger"
            loading={withdrawing}
            disabled={withdrawing}
            onClick={() => void withdraw()}
          >
            撤回申请
          </Button>
        </BottomBar>
      )}
    </div>
  )
}

/** The documents asked for, one uploader per kind; 提交补充材料 once every kind has its least count. */
function SupplementCard({ claim, onChanged }: { claim: Claim; onChanged: (claim: Claim) => unknown }) {
  const [photos, setPhotos] = useState<Partial<Record<DocumentKind, UploadedPhoto[]>>>({})
  const [busy, setBusy] = useState<Partial<Record<DocumentKind, boolean>>>({})
  const [submitting, setSubmitting] = useState(false)

  const room = Math.max(0, MAX_CLAIM_DOCUMENTS - claim.documents.length)
  const perKind = (least: number) => Math.max(least, Math.min(9, Math.floor(room / claim.needed.length)))
  const complete = claim.needed.every((n) => (photos[n.kind]?.length ?? 0) >= n.least)
  const uploading = Object.values(busy).some(Boolean)

  async function submit() {
    const documents = claim.needed.flatMap((n) =>
      (photos[n.kind] ?? []).map((p) => ({ mediaId: p.id, kind: n.kind })),
    )
    const [first, ...rest] = documents
    if (!first) return
    setSubmitting(true)
    try {
      await onChanged(await supplementClaim(claim.id, [first, ...rest]))
      toast('success', '已提交')
    } catch (error) {
      toast('error', describeError(error))
      setSubmitting(false)
    }
  }

  return (
    <section className="purchase-card claim-supplement" data-testid="claim-supplement">
      <h2>请补充以下材料</h2>
      {claim.needed.map((need) => (
        <div key={need.kind} className="claim-supplement-kind">
          <div className="claim-supplement-name">
            {need.name}
            <span>至少 {need.least} 张</span>
          </div>
          <PhotoUploader
            purpose="claim"
            value={photos[need.kind] ?? []}
            onChange={(list) => setPhotos((all) => ({ ...all, [need.kind]: list }))}
            onBusyChange={(b) => setBusy((all) => ({ ...all, [need.kind]: b }))}
            max={perKind(need.least)}
            disabled={submitting}
          />
        </div>
      ))}
      <Button
        block
        color="primary"
        disabled={!complete || uploading || submitting}
        loading={submitting}
        onClick={() => void submit()}
      >
        提交补充材料
      </Button>
    </section>
  )
}

// The viewer loads with the first photo opened: most visits only read the claim.
const DocumentViewer = lazyWithRetry(() => import('./DocumentViewer'), ChunkRetryNotice)

/** The claim's photos by kind; a tap opens them full screen. */
function Documents({ documents }: { documents: Claim['documents'] }) {
  // What was last opened stays while the viewer closes (its fade-out); `open` says whether it shows.
  const [viewing, setViewing] = useState<{ images: string[]; index: number }>({ images: [], index: 0 })
  const [open, setOpen] = useState(false)
  const groups = (Object.keys(DOCUMENT_KINDS) as DocumentKind[])
    .map((kind) => ({ kind, items: documents.filter((d) => d.kind === kind) }))
    .filter((g) => g.items.length > 0)
  return (
    <section className="purchase-card" data-testid="claim-documents">
      <h2>理赔材料</h2>
      {groups.length === 0 && <p className="purchase-muted">暂无材料</p>}
      {groups.map((group) => (
        <div key={group.kind} className="claim-document-group">
          <div className="claim-document-kind">
            {DOCUMENT_KINDS[group.kind]}（{group.items.length} 张）
          </div>
          <div className="claim-document-thumbs">
            {group.items.map((doc, i) => (
              <button
                key={doc.id}
                type="button"
                className="claim-document-thumb"
                aria-label={`查看${DOCUMENT_KINDS[group.kind]}第 ${i + 1} 张`}
                onClick={() => {
                  setViewing({ images: group.items.map((d) => d.url), index: i })
                  setOpen(true)
                }}
              >
                <img src={doc.url} alt={DOCUMENT_KINDS[group.kind]} loading="lazy" />
              </button>
            ))}
          </div>
        </div>
      ))}
      {viewing.images.length > 0 && (
        <Suspense>
          <DocumentViewer
            images={viewing.images}
            index={viewing.index}
            open={open}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </section>
  )
}
