import { useEffect } from 'react'
import { Button } from 'antd-mobile'
import { Radio } from '../../components/check/Check'
import { useSnapshot } from 'valtio'
import { BottomBar } from '../../components/flow/BottomBar'
import { Field } from '../../components/flow/PersonFields'
import { LabeledRow } from '../../components/LabeledRow'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { formatFen } from '../../domain/money'
import { chargePeriodOf, paymentPeriodLabel } from '../../domain/periods'
import { RelationField } from './ApplicantForm'
import { flowStepLoader, FlowFrame, type StepContext } from './FlowFrame'
import { coverageLabel } from './flow'
import { flowStepHref } from './paths'

export const loader = flowStepLoader

/**
 * 确认信息: who is insured and social insurance; the charge period is the product's (the order is sold at it), shown
 * and kept in the product section of the state.
 */
export default function ConfirmInformationPage() {
  return (
    <FlowFrame step={1} title="确认信息">
      {(context) => <ConfirmInformation {...context} />}
    </FlowFrame>
  )
}

function ConfirmInformation({ flow, product, binding }: StepContext) {
  const navigate = useAppNavigate()
  const { insured, product: section } = useSnapshot(binding.state)
  const chargePeriodType = chargePeriodOf(product.paymentPeriod)
  useEffect(() => {
    if (binding.state.product.chargePeriodType !== chargePeriodType)
      binding.write('product', { chargePeriodType })
  }, [binding, chargePeriodType])
  return (
    <>
      <section className="purchase-card">
        <h2>投保方案</h2>
        <LabeledRow label="产品">{product.name}</LabeledRow>
        <LabeledRow label="产品代码">{section.productType ?? product.partnerProductType}</LabeledRow>
        <LabeledRow label="保障期间">{coverageLabel(product.coveragePeriod)}</LabeledRow>
        <LabeledRow label="交费方式">{paymentPeriodLabel(product.paymentPeriod)}</LabeledRow>
        <LabeledRow label="保费">¥{formatFen(product.priceFen)}</LabeledRow>
      </section>
      <section className="purchase-card">
        <RelationField binding={binding} value={insured.relationType} />
        <Field label="被保险人有无社保">
          <Radio.Group
            value={insured.hasSocialInsurance}
            onChange={(v) => binding.write('insured', { hasSocialInsurance: String(v) })}
          >
            <div className="purchase-choices">
              <Radio value="Y">有社保</Radio>
              <Radio value="N">无社保</Radio>
            </div>
          </Radio.Group>
        </Field>
      </section>
      <BottomBar>
        <span>
          保费 <span className="purchase-price">¥{formatFen(product.priceFen)}</span>
        </span>
        <Button
          color="primary"
          onClick={() => navigate(flowStepHref(flow, 'healthNotification', product.id))}
        >
          下一步
        </Button>
      </BottomBar>
    </>
  )
}
