import { Button } from 'antd-mobile'
import { BottomBar } from '../../components/flow/BottomBar'
import { LabeledRow } from '../../components/LabeledRow'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { formatFen } from '../../domain/money'
import type { PartnerProduct } from './api'
import { ClauseList } from './ClauseList'
import { flowStepLoader, FlowFrame } from './FlowFrame'
import { coverageLabel } from './flow'
import { flowStepHref } from './paths'

export const loader = flowStepLoader

/** 产品详情: what the partner's product covers, its price and its documents; 立即投保 starts the application. */
export default function ProductDetailsPage() {
  const navigate = useAppNavigate()
  return (
    <FlowFrame step={0} title="产品详情">
      {({ flow, product }) => (
        <ProductDetails
          name={product.name}
          insurerName={product.insurerName}
          coverage={coverageLabel(product.coveragePeriod)}
          priceFen={product.priceFen}
          productId={product.id}
          clauses={product.clauses}
          occupation={product.occupationRequired}
          refusedClasses={product.refusedOccupationClasses}
          productType={product.partnerProductType}
          onStart={() => navigate(flowStepHref(flow, 'confirmInformation', product.id))}
        />
      )}
    </FlowFrame>
  )
}

function ProductDetails(props: {
  name: string
  insurerName: string
  coverage: string
  priceFen: number
  productId: string
  clauses: PartnerProduct['clauses']
  occupation: boolean
  refusedClasses: number[]
  productType: string
  onStart: () => void
}) {
  return (
    <>
      <section className="partner-hero">
        <h1>{props.name}</h1>
        <p>由{props.insurerName}承保并出具保单，本平台协助投保与支付</p>
      </section>
      <section className="purchase-card">
        <h2>产品信息</h2>
        <LabeledRow label="保险公司">{props.insurerName}</LabeledRow>
        <LabeledRow label="产品代码">{props.productType}</LabeledRow>
        <LabeledRow label="保障期间">{props.coverage}</LabeledRow>
        <LabeledRow label="保费">¥{formatFen(props.priceFen)}</LabeledRow>
        {props.occupation && (
          <LabeledRow label="职业要求">
            {props.refusedClasses.length
              ? `${props.refusedClasses.map((c) => `${c}类`).join('、')}职业暂不可投保`
              : '需选择职业'}
          </LabeledRow>
        )}
      </section>
      <section className="purchase-card">
        <h2>保险条款</h2>
        <ClauseList productId={props.productId} clauses={props.clauses} />
      </section>
      <BottomBar>
        <span>
          保费 <span className="purchase-price">¥{formatFen(props.priceFen)}</span>
        </span>
        <Button color="primary" onClick={props.onStart}>
          立即投保
        </Button>
      </BottomBar>
    </>
  )
}
