import { useMemo, useState } from 'react'
import { Button, Checkbox, Radio } from 'antd-mobile'
import { useFamilyMembers, useFamilyWrites } from '../family/api'
import { useApplication } from './api'
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
import { formatFen } from '../../domain/money'
import { describeError } from '../../lib/request'
import { BottomBar } from '../../components/flow/BottomBar'
import { editHolder, editInsured, replaceInsured, usePurchaseDraft } from './draft'
import { usePrefill } from './prefill'
import { usePurchasePrice } from './purchasePrice'
import { useFlowParams } from './flow'
import { flowHref } from './paths'
import { FlowSteps } from './FlowSteps'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { backToOrders } from '../orders/paths'
import { OrderAlreadyMade } from './OrderAlreadyMade'
import { Field, PersonFields, type FieldErrors } from '../../components/flow/PersonFields'
import { ContactFields } from '../../components/flow/ContactFields'
import '../../components/flow/flow.css'

/** /infoFill: holder and insured, bound to the purchase draft, checked with the same rules as the server. */
export default function InfoFillPage() {
  const { productId, applicationId } = useFlowParams()
  const navigate = useAppNavigate()
  const product = useProductDetail(productId)
  const application = useApplication(applicationId)
  const draft = usePurchaseDraft(productId, application.data)
  const { holder, insured } = draft
  const [tried, setTried] = useState(false)
  // The day the page opened: a form left open past midnight is re-checked by the server anyway.
  const [now] = useState(() => Date.now())
  const today = shanghaiDate(now)
  const earliest = defaultEffectiveDate(now)
  const isSelf = insured.relationType === SELF_RELATION
  // A new insured (not 本人, not one of the saved family members) may be saved as a member; opt-in, never preset.
  const members = useFamilyMembers(!isSelf)
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
  usePrefill(draft.ready)

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
  if (!product.data || !app || !draft.ready) return <LoadingView lines={8} />
  // A renewal starts the day the old cover ends (checked for the insured's age on that day).
  const renewalStart = app.renewal?.startDate
  const effectiveDate = renewalStart && compareIsoDates(renewalStart, earliest) > 0 ? renewalStart : earliest
  const detail = product.data
  const plan = detail.plans.find((p) => p.code === app.planCode)
  if (app.orderId) return <OrderAlreadyMade orderId={app.orderId} />

  function validate(): FieldErrors {
    const result = checkApplication({
      holder,
      insured: insuredForCheck,
      product: detail,
      planCode: app!.planCode,
      coveragePeriod: app!.coveragePeriod,
      paymentPeriod: app!.paymentPeriod,
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
  }

  // After the first 下一步, errors follow every keystroke (computed from the store, never stale).
  const errors = tried ? validate() : {}

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
    const found = validate()
    const fields = Object.keys(found)
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
    navigate(flowHref('confirmReceiveInfo', productId!, applicationId!))
  }

  const productError = Object.entries(errors).find(([k]) => k.startsWith('product.'))?.[1]

  return (
    <div className="purchase-page">
      <FlowSteps current={2} />
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
      {productError && (
        <div className="purchase-field-error" role="alert">
          {productError}
        </div>
      )}
      <BottomBar>
        <span>
          保费{' '}
          <span className="purchase-price">
            {price.premiumFen !== null ? `¥${formatFen(price.premiumFen)}` : '待计算'}
          </span>
        </span>
        <Button color="primary" loading={saving} disabled={saving} onClick={() => void next()}>
          下一步
        </Button>
      </BottomBar>
    </div>
  )
}
