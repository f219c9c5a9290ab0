import { useEffect, useMemo, useState, type FocusEvent } from 'react'
import { Button, Input } from 'antd-mobile'
import { Checkbox, Radio } from '../../components/check/Check'
import { familyMembersKey, useFamilyMembers, useFamilyWrites } from '../family/api'
import { submitHealth, useApplication } from './api'
import { useProductDetail } from '../catalog/api'
import { EmptyView, LoadingView } from '../../components/StatusViews'
import { toast } from '../../components/notice'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { compareIsoDates, defaultEffectiveDate, shanghaiDate } from '../../domain/age'
import {
  checkApplication,
  deathCoverFen,
  insuredFromHolder,
  relationName,
  SELF_RELATION,
} from '../../domain/applicant'
import { canBeInsured } from '../../domain/family'
import { formatCoverageAmount, formatFen } from '../../domain/money'
import { coveragePeriodLabel, paymentPeriodLabel } from '../../domain/periods'
import { coolingOffSentence } from '../../domain/policy'
import { describeError } from '../../lib/request'
import { BottomBar } from '../../components/flow/BottomBar'
import { LabeledRow } from '../../components/LabeledRow'
import { editAddress, editHolder, editInsured, replaceInsured, usePurchaseDraft } from './draft'
import { PREFILL_STATUSES, useDefaultInsured, usePrefill, useSelfBirthday } from './prefill'
import { usePurchasePrice } from './purchasePrice'
import { flowParamsOf, loadFlow, useFlowParams } from './flow'
import { flowHref } from './paths'
import { FlowSteps } from './FlowSteps'
import { InsuredChooser } from './InsuredChooser'
import { usePlaceOrder } from './placeOrder'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { backToOrders } from '../orders/paths'
import { OrderAlreadyMade } from './OrderAlreadyMade'
import { Field, PersonFields, type FieldErrors } from '../../components/flow/PersonFields'
import { ContactFields } from '../../components/flow/ContactFields'
import '../../components/flow/flow.css'
import '../../components/LabeledRow.css'
import { ordersListKey } from '../orders/api'
import type { ScreenLoader } from '../../types/route'
import { useTrailScreen } from '../trail/api'
import { trackFunnel } from '../../lib/analytics'

/** The product, the application, the family to insure and the last order (usePrefill's holder). */
export const loader: ScreenLoader = async ({ search }, load) => {
  const { productId, applicationId } = flowParamsOf(search)
  await Promise.all([
    loadFlow(search, load),
    productId && applicationId && load(familyMembersKey),
    load(ordersListKey(PREFILL_STATUSES)),
  ])
}

/** "holder-certNo" (a control's id) -> "holder.certNo" (the field an error names). */
const fieldOfControl = (id: string) => id.replace('-', '.')

/**
 * /infoFill: for whom (本人, a family member, or someone new; whoever the product cannot cover shown disabled
 * with the reason), the holder and insured bound to the purchase draft and checked with the server's rules
 * (each field once it is left, all of them on the button), and the plan. Without health questions its button
 * places the order (确认投保); with them it goes on to the health notification.
 */
export default function InfoFillPage() {
  const { productId, applicationId } = useFlowParams()
  const navigate = useAppNavigate()
  const product = useProductDetail(productId)
  useTrailScreen({
    productId: product.data?.id ?? null,
    productVersion: product.data?.pageVersion,
    title: '填写投保信息',
  })
  useEffect(() => trackFunnel('info', product.data?.id), [product.data?.id])
  const application = useApplication(applicationId)
  const draft = usePurchaseDraft(productId, application.data)
  const { holder, insured, address } = draft
  const [tried, setTried] = useState(false)
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set())
  // The day the page opened: a form left open past midnight is re-checked by the server anyway.
  const [now] = useState(() => Date.now())
  const today = shanghaiDate(now)
  const earliest = defaultEffectiveDate(now)
  const isSelf = insured.relationType === SELF_RELATION
  const members = useFamilyMembers(Boolean(productId && applicationId))
  const [saveAsMember, setSaveAsMember] = useState(false)
  const [saving, setSaving] = useState(false)
  const familyWrites = useFamilyWrites()
  const alreadySaved = members.data?.items.some(
    (m) => m.certType === insured.certType && m.certNo === insured.certNo.trim().toUpperCase(),
  )
  const canSaveAsMember = !isSelf && canBeInsured(insured.relationType) && !alreadySaved

  const insuredForCheck = useMemo(
    () => (isSelf ? insuredFromHolder(holder, insured) : { ...insured }),
    [isSelf, holder, insured],
  )
  const app = application.data
  const price = usePurchasePrice()
  const order = usePlaceOrder(applicationId)
  const selfBirthday = useSelfBirthday(holder.birthday)
  // A renewal starts the day the old cover ends (checked for the insured's age on that day).
  const renewalStart = app?.renewal?.startDate
  const effectiveDate = renewalStart && compareIsoDates(renewalStart, earliest) > 0 ? renewalStart : earliest
  // Every rule, once per change of the draft (not per render): the errors a field shows when it is left.
  const productData = product.data
  const all = useMemo((): FieldErrors => {
    if (!productData || !app) return {}
    const plan = productData.plans.find((p) => p.code === app.planCode)
    const result = checkApplication({
      holder,
      insured: insuredForCheck,
      product: productData,
      planCode: app.planCode,
      coveragePeriod: app.coveragePeriod,
      paymentPeriod: app.paymentPeriod,
      planDeathCoverFen: deathCoverFen(plan?.coverages ?? []),
      today,
      effectiveDate,
    })
    const found: FieldErrors = {}
    // Under 本人 the insured's person fields are the holder's: show their errors there.
    if (!result.ok)
      for (const e of result.errors) {
        const field =
          isSelf && e.field.startsWith('insured.') && !/\.(phone|email|hasSocialInsurance)$/.test(e.field)
            ? e.field.replace('insured.', 'holder.')
            : e.field
        found[field] ??= e.message
      }
    return found
  }, [productData, app, holder, insuredForCheck, today, effectiveDate, isSelf])
  const prefilled = usePrefill(draft.ready)
  useDefaultInsured(
    draft.ready && Boolean(app),
    product.data,
    members.data?.items,
    Boolean(members.data || members.error),
    selfBirthday,
    effectiveDate,
  )

  if (!productId || !applicationId)
    return <EmptyView title="缺少投保信息" description="请从产品页面重新进入投保" />
  const loadError = product.error ?? application.error
  if (loadError)
    return (
      <LoginAwareError
        back={backToOrders}
        error={loadError}
        onRetry={() => void Promise.all([product.mutate(), application.mutate()])}
      />
    )
  if (!product.data || !app || !draft.ready || !prefilled) return <LoadingView lines={8} />
  const detail = product.data
  const plan = detail.plans.find((p) => p.code === app.planCode)
  const hasHealth = detail.healthQuestions.length > 0
  if (app.orderId) return <OrderAlreadyMade orderId={app.orderId} />

  // A field's error shows once it is left (blur); after the first tap on the button, every error, following
  // each keystroke; then what the server found that the rules here did not.
  const errors: FieldErrors = {
    ...Object.fromEntries(order.problems.filter((p) => p.field).map((p) => [p.field, p.message])),
    ...(tried ? all : Object.fromEntries(Object.entries(all).filter(([field]) => touched.has(field)))),
  }

  function leave(event: FocusEvent<HTMLElement>) {
    const id = event.target.id
    if (!/^(holder|insured)-/.test(id)) return
    const field = fieldOfControl(id)
    if (!touched.has(field)) setTouched(new Set([...touched, field]))
  }

  /** Optional and after the checks passed: a failure is reported but does not stop the purchase. */
  async function saveMember() {
    setSaving(true)
    try {
      const { name, relationType, certType, certNo, birthday, gender, phone } = insured
      await familyWrites.create({ name, relation: relationType, certType, certNo, birthday, gender, phone })
      toast('success', '已保存为家庭成员')
    } catch (error) {
      toast('warning', `未能保存为家庭成员：${describeError(error)}`)
    } finally {
      setSaving(false)
    }
  }

  async function next() {
    setTried(true)
    const fields = Object.keys(all)
    if (fields.length) {
      // The first field needing care comes into view with the cursor in it; the count says how many more.
      const first = document.getElementById(fields[0].replace('.', '-'))
      first?.scrollIntoView?.({ block: 'center' })
      first?.focus({ preventScroll: true })
      toast('warning', `还有${fields.length}项信息需要完善`)
      return
    }
    if (isSelf) replaceInsured(insuredForCheck)
    else if (canSaveAsMember && saveAsMember) await saveMember()
    if (hasHealth) {
      navigate(flowHref('healthNotification', detail.id, app!.id))
      return
    }
    // No health questions: the (empty) notification is recorded for this insured, and the order placed.
    try {
      if (!app!.health || (app!.health.insuredRelation === SELF_RELATION) !== isSelf)
        await application.mutate(
          (await submitHealth(app!.id, { insuredRelation: insured.relationType, answers: [] })).application,
          { revalidate: false },
        )
    } catch (error) {
      toast('error', describeError(error))
      return
    }
    await order.place(detail, app!, {
      displayedPremiumFen: price.premiumFen,
      backTo: flowHref('infoFill', detail.id, app!.id),
    })
  }

  const productError = Object.entries(errors).find(([k]) => k.startsWith('product.'))?.[1]
  const addressError = (field: string) => order.problems.find((p) => p.field === `address.${field}`)?.message
  const otherProblems = order.problems.filter(
    (p) => !p.field || !(p.field in errors || p.field.startsWith('address.')),
  )

  return (
    <div className="purchase-page" onBlur={leave}>
      <FlowSteps current="填写信息" />
      <InsuredChooser
        product={detail}
        insured={insured}
        members={members.data?.items}
        membersFailed={Boolean(members.error)}
        onRetryMembers={() => void members.mutate()}
        selfBirthday={selfBirthday}
        effectiveDate={effectiveDate}
      />
      <section className="purchase-card">
        <h2>投保人信息</h2>
        <PersonFields prefix="holder" person={holder} errors={errors} today={today} onChange={editHolder} />
      </section>
      <section className="purchase-card">
        <h2>被保险人信息（{relationName(insured.relationType)}）</h2>
        {isSelf ? (
          <p className="purchase-muted">被保险人为投保人本人，信息同上。</p>
        ) : (
          <PersonFields
            prefix="insured"
            person={insured}
            errors={errors}
            today={today}
            onChange={editInsured}
            childCertificates
          />
        )}
        <Field label="有无社保" error={errors['insured.hasSocialInsurance']}>
          <Radio.Group
            value={insured.hasSocialInsurance}
            onChange={(value) => editInsured({ hasSocialInsurance: String(value) })}
          >
            <div className="purchase-choices" id="insured-hasSocialInsurance">
              <Radio value="Y">有社保</Radio>
              <Radio value="N">无社保</Radio>
            </div>
          </Radio.Group>
        </Field>
        <ContactFields phone={insured.phone} email={insured.email} errors={errors} onChange={editInsured} />
        {canSaveAsMember && (
          <div className="purchase-field">
            <Checkbox checked={saveAsMember} onChange={setSaveAsMember}>
              保存为家庭成员，下次投保可直接选择
            </Checkbox>
          </div>
        )}
      </section>
      {detail.needsAddress && (
        <section className="purchase-card">
          <h2>收件信息（纸质保单/礼品寄送）</h2>
          <Field label="收件人" error={addressError('recipient')} htmlFor="address-recipient">
            <Input
              id="address-recipient"
              value={address.recipient}
              onChange={(recipient) => editAddress({ recipient })}
            />
          </Field>
          <Field label="手机号" error={addressError('phone')} htmlFor="address-phone">
            <Input
              id="address-phone"
              type="tel"
              maxLength={11}
              value={address.phone}
              onChange={(phone) => editAddress({ phone })}
            />
          </Field>
          <Field label="所在地区" error={addressError('region')} htmlFor="address-region">
            <Input
              id="address-region"
              placeholder="省 市 区"
              value={address.region}
              onChange={(region) => editAddress({ region })}
            />
          </Field>
          <Field label="详细地址" error={addressError('detail')} htmlFor="address-detail">
            <Input
              id="address-detail"
              placeholder="街道、门牌号"
              value={address.detail}
              onChange={(detail) => editAddress({ detail })}
            />
          </Field>
        </section>
      )}
      <section className="purchase-card" aria-label="投保方案">
        <h2>{detail.name}</h2>
        <LabeledRow label="保障计划">{plan?.name ?? app.planCode}</LabeledRow>
        <LabeledRow label="保障期间">{coveragePeriodLabel(app.coveragePeriod)}</LabeledRow>
        <LabeledRow label="交费方式">{paymentPeriodLabel(app.paymentPeriod)}</LabeledRow>
        <LabeledRow label="生效日期">
          {app.renewal ? `${effectiveDate} 零时生效` : '支付成功后次日零时生效'}
        </LabeledRow>
        {plan?.coverages.map((c) => (
          <LabeledRow key={c.name} label={c.name}>
            {formatCoverageAmount(c.amountFen)}
          </LabeledRow>
        ))}
      </section>
      <div className="purchase-notice">
        {coolingOffSentence(detail.coolingOffDays)}。
        {detail.waitingPeriodDays > 0 && ` 本产品等待期为${detail.waitingPeriodDays}天。`}
      </div>
      {productError && (
        <div className="purchase-field-error" role="alert">
          {productError}
        </div>
      )}
      {otherProblems.map((p) => (
        <div key={`${p.field}${p.message}`} className="purchase-field-error" role="alert">
          {p.message}
        </div>
      ))}
      <BottomBar>
        <span>
          {hasHealth ? '保费' : '应付'}{' '}
          <span className="purchase-price" data-testid="amount-due">
            {price.premiumFen !== null ? `¥${formatFen(price.premiumFen)}` : '待计算'}
          </span>
        </span>
        <Button
          color="primary"
          loading={saving || order.placing}
          disabled={saving || order.placing}
          onClick={() => void next()}
        >
          {hasHealth ? '下一步：健康告知' : '确认投保'}
        </Button>
      </BottomBar>
    </div>
  )
}
