import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { Choices } from '../../components/Choices'
import { Button, Input, TextArea } from 'antd-mobile'
import { useSearchParams } from 'react-router-dom'
import { DateField } from '../../components/DateField'
import { useHydrating } from '../../components/prerender'
import { EmptyView } from '../../components/StatusViews'
import { GoButton } from '../../components/navigation/GoButton'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { clearToasts, toast } from '../../components/notice'
import { PhotoUploader, type UploadedPhoto } from '../../components/PhotoUploader'
import { addDays, compareIsoDates } from '../../domain/age'
import { DOCUMENT_KINDS, MAX_CLAIM_DOCUMENTS, type ClaimType, type DocumentKind } from '../../domain/claims'
import { apiErrorOf, describeError } from '../../lib/request'
import { ClaimableGate, claimableLoader } from './ClaimableGate'
import { fileClaim, type ClaimablePolicy } from './api'
import { claimInputOf, claimProblems, FIELD_OF_API, type ClaimField, type ClaimProblems } from './claimForm'
import { clearDraft, emptyDraft, readDraft, saveDraft, type ClaimDraft, type DraftPhoto } from './draft'
import { addClaimSuccessHref, initClaimHref } from './paths'
import './claims.css'
import { MaskedName } from '../../components/MaskedName'

/** Photos of one kind a claim may carry at most (all kinds together: MAX_CLAIM_DOCUMENTS). */
const MAX_PER_KIND = 9

export const loader = claimableLoader

/** /claim/addClaim?policyId=&type=: the claim itself, kept as a draft on this device until it is filed. */
export default function AddClaimPage() {
  const [params] = useSearchParams()
  const policyId = params.get('policyId') ?? ''
  const code = params.get('type') ?? ''
  return (
    <div className="claim-page" data-testid="add-claim">
      <ClaimableGate>
        {({ items, today }, userId) => {
          const policy = items.find((p) => p.policyId === policyId)
          const type = policy?.types.find((t) => t.code === code)
          return policy && type ? (
            <ClaimForm
              key={`${policy.policyId}:${type.code}`}
              policy={policy}
              code={type.code}
              today={today}
              userId={userId}
            />
          ) : (
            <EmptyView title="未找到可申请理赔的保单" description="保单可能尚未生效、已终止，或链接有误">
              <GoButton to={initClaimHref()}>重新选择保单</GoButton>
            </EmptyView>
          )
        }}
      </ClaimableGate>
    </div>
  )
}

function ClaimForm({
  policy,
  code,
  today,
  userId,
}: {
  policy: ClaimablePolicy
  code: ClaimType['code']
  today: string
  userId: string
}) {
  const navigate = useAppNavigate()
  const type = policy.types.find((t) => t.code === code) ?? policy.types[0]
  const hydrating = useHydrating()
  // The draft on this device, read once hydrated (never while rendering on the server); `changed` holds it from
  // the first edit on, and every change is written back.
  const stored = useMemo(
    () => (hydrating ? null : readDraft(userId, policy.policyId, code)),
    [hydrating, userId, policy.policyId, code],
  )
  const [changed, setChanged] = useState<ClaimDraft | undefined>(undefined)
  const onlyPayee = policy.payees.length === 1 ? policy.payees[0].name : ''
  const base = stored?.draft ?? emptyDraft()
  const draft = changed ?? { ...base, payeeName: base.payeeName || onlyPayee }
  const [busy, setBusy] = useState<Partial<Record<DocumentKind, boolean>>>({})
  const [submitting, setSubmitting] = useState(false)
  const [shown, setShown] = useState<ClaimProblems>({})
  const [tried, setTried] = useState(false)
  const filed = useRef(false)

  useEffect(() => {
    if (stored && stored.expired > 0)
      toast('info', `${stored.expired} 张照片已超过 20 小时未提交，请重新上传`)
  }, [stored])
  useEffect(() => {
    if (changed && !filed.current) saveDraft(userId, policy.policyId, code, changed)
  }, [changed, userId, policy.policyId, code])
  const setDraft = (change: (d: ClaimDraft) => ClaimDraft) => setChanged((prev) => change(prev ?? draft))

  const problems = claimProblems(draft, policy, code, today)
  const visible = tried ? { ...problems, ...pick(shown, problems) } : shown
  const update = (patch: Partial<ClaimDraft>) => setDraft((d) => ({ ...d, ...patch }))
  const touch = (field: ClaimField) => setShown((s) => ({ ...s, [field]: problems[field] }))
  const uploading = Object.values(busy).some(Boolean)

  const kinds: DocumentKind[] = [
    ...type.documents.map((d) => d.kind),
    ...(type.documents.some((d) => d.kind === 'other') ? [] : (['other'] as const)),
  ]
  const least = (kind: DocumentKind) => type.documents.find((d) => d.kind === kind)?.least ?? 0
  const total = Object.values(draft.photos).reduce((sum, list) => sum + list.length, 0)
  const setPhotos = (kind: DocumentKind, list: UploadedPhoto[]) =>
    setDraft((d) => {
      const before = new Map((d.photos[kind] ?? []).map((p) => [p.id, p.uploadedAt]))
      const now = Date.now()
      const next: DraftPhoto[] = list.map((p) => ({ ...p, uploadedAt: before.get(p.id) ?? now }))
      return { ...d, photos: { ...d.photos, [kind]: next } }
    })

  async function submit() {
    setTried(true)
    setShown({})
    if (Object.keys(problems).length > 0) {
      toast('error', Object.values(problems)[0])
      return
    }
    setSubmitting(true)
    try {
      const claim = await fileClaim(claimInputOf(draft, policy.policyId, code))
      filed.current = true
      clearDraft(userId, policy.policyId, code)
      clearToasts()
      navigate(addClaimSuccessHref(claim.id), { replace: true })
    } catch (error) {
      const detail = apiErrorOf(error)?.details?.[0] as { field?: string; message?: string } | undefined
      const field = detail?.field ? FIELD_OF_API[detail.field] : undefined
      if (field && detail?.message) setShown({ [field]: detail.message })
      toast('error', describeError(error))
    } finally {
      setSubmitting(false)
    }
  }

  const lastDay = policy.endDate ? addDays(policy.endDate, -1) : today
  const maxDate = compareIsoDates(lastDay, today) < 0 ? lastDay : today

  return (
    <form
      className="claim-form"
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <section className="claim-card claim-form-summary" aria-label="理赔保单">
        <strong>{policy.productName}</strong>
        <span className="claim-muted">
          {type.name} · 被保险人 <MaskedName name={policy.insuredName} /> · 保单号 {policy.policyNo}
        </span>
      </section>

      <section className="claim-card" aria-label="出险信息">
        <h2 className="claim-form-label">出险信息</h2>
        <Row label="出险日期" htmlFor="claim-event-date" error={visible.eventDate}>
          <DateField
            id="claim-event-date"
            title="出险日期"
            value={draft.eventDate}
            min={policy.effectiveDate}
            max={maxDate}
            onChange={(eventDate) => {
              update({ eventDate })
              setShown((s) => ({
                ...s,
                eventDate: claimProblems({ ...draft, eventDate }, policy, code, today).eventDate,
              }))
            }}
          />
        </Row>
        <Row label="出险地点" htmlFor="claim-place" error={visible.place}>
          <Input
            id="claim-place"
            placeholder="如：上海市第一人民医院"
            value={draft.place}
            maxLength={100}
            onChange={(place) => update({ place })}
            onBlur={() => touch('place')}
          />
        </Row>
        <Row label="事故经过" htmlFor="claim-description" error={visible.description}>
          <TextArea
            id="claim-description"
            placeholder="请描述出险的时间、经过、就医情况（10–1000 字）"
            value={draft.description}
            rows={4}
            maxLength={1000}
            showCount
            onChange={(description) => update({ description })}
            onBlur={() => touch('description')}
          />
        </Row>
        <Row label="申请金额（元）" htmlFor="claim-amount" error={visible.amount}>
          <Input
            id="claim-amount"
            inputMode="decimal"
            placeholder="请输入申请理赔的金额"
            value={draft.amount}
            maxLength={12}
            onChange={(amount) => update({ amount: amount.replace(/[^\d.]/g, '') })}
            onBlur={() => touch('amount')}
          />
        </Row>
      </section>

      <section className="claim-card" aria-label="收款账户">
        <h2 className="claim-form-label">收款账户</h2>
        <Row label="收款人" error={visible.payeeName}>
          <Choices
            aria-label="收款人"
            columns={2}
            options={policy.payees.map((p) => ({
              value: p.name,
              label: `${p.name}（${p.role === 'insured' ? '被保险人' : '投保人'}）`,
            }))}
            value={draft.payeeName ? [draft.payeeName] : []}
            onChange={(values) => update({ payeeName: values[0] ?? '' })}
          />
        </Row>
        <Row label="开户银行" htmlFor="claim-bank" error={visible.bankName}>
          <Input
            id="claim-bank"
            placeholder="如：中国工商银行"
            value={draft.bankName}
            maxLength={30}
            onChange={(bankName) => update({ bankName })}
            onBlur={() => touch('bankName')}
          />
        </Row>
        <Row label="银行卡号" htmlFor="claim-card-no" error={visible.cardNo}>
          <Input
            id="claim-card-no"
            type="tel"
            inputMode="numeric"
            placeholder="收款人本人的借记卡卡号"
            value={draft.cardNo}
            maxLength={19}
            onChange={(cardNo) => update({ cardNo: cardNo.replace(/\D/g, '') })}
            onBlur={() => touch('cardNo')}
          />
        </Row>
      </section>

      <section className="claim-card" aria-label="理赔材料">
        <h2 className="claim-form-label">理赔材料</h2>
        <p className="claim-muted claim-hint">
          请拍摄清晰、完整的原件照片，照片会在上传前压缩；最多 {MAX_CLAIM_DOCUMENTS} 张。
        </p>
        {kinds.map((kind) => {
          const list = draft.photos[kind] ?? []
          return (
            <div key={kind} className="claim-form-docs" data-testid={`claim-docs-${kind}`}>
              <h3>
                {DOCUMENT_KINDS[kind]}
                <span className="claim-muted">{least(kind) ? `（至少 ${least(kind)} 张）` : '（选填）'}</span>
              </h3>
              <PhotoUploader
                purpose="claim"
                value={list}
                onChange={(photos) => setPhotos(kind, photos)}
                max={Math.max(list.length, Math.min(MAX_PER_KIND, list.length + MAX_CLAIM_DOCUMENTS - total))}
                onBusyChange={(b) => setBusy((s) => ({ ...s, [kind]: b }))}
                disabled={submitting}
              />
            </div>
          )
        })}
        {visible.documents && <p className="claim-error">{visible.documents}</p>}
      </section>

      <div className="claim-actions">
        <Button
          block
          color="primary"
          size="large"
          type="submit"
          loading={submitting}
          disabled={submitting || uploading}
        >
          {uploading ? '照片上传中…' : '提交理赔申请'}
        </Button>
        <p className="claim-muted claim-hint">草稿已自动保存在本机，可稍后继续填写。</p>
      </div>
    </form>
  )
}

/** After a failed submit every problem shows; a field the server named keeps the server's words. */
const pick = (shown: ClaimProblems, problems: ClaimProblems): ClaimProblems =>
  Object.fromEntries(Object.entries(shown).filter(([field, message]) => message && !(field in problems)))

function Row({
  label,
  htmlFor,
  error,
  children,
}: {
  label: string
  htmlFor?: string
  error?: string
  children: ReactNode
}) {
  return (
    <div className="claim-form-row">
      {htmlFor ? (
        <label htmlFor={htmlFor}>{label}</label>
      ) : (
        <span className="claim-form-row-label">{label}</span>
      )}
      {children}
      {error && <p className="claim-error">{error}</p>}
    </div>
  )
}
