import { useState } from 'react'
import { Button } from 'antd-mobile'
import { useSnapshot } from 'valtio'
import { EmptyView } from '../../components/StatusViews'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { flowStepLoader, FlowFrame, type StepContext } from './FlowFrame'
import { flowStepHref } from './paths'
import { NoticeAndClauses, RefusalNotice, SubmitBar, type Refusal } from './SubmitApplication'

export const loader = flowStepLoader

/**
 * 投保须知 of the partner flows (their own step: the mall's /specialNotify opens a mall application, which a
 * partner product does not have). Agreeing submits the application for the partner's underwriting.
 */
export default function SpecialNotifyPage() {
  return (
    <FlowFrame step={4} title="投保须知">
      {(context) => <SpecialNotify {...context} />}
    </FlowFrame>
  )
}

function SpecialNotify({ flow, product, binding }: StepContext) {
  const navigate = useAppNavigate()
  const { quote } = useSnapshot(binding.extras)
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  if (!quote)
    return (
      <EmptyView title="请先填写投保信息" description="填写投保人和被保险人信息后即可查看保费">
        <Button color="primary" onClick={() => navigate(flowStepHref(flow, 'infoFill', product.id))}>
          去填写
        </Button>
      </EmptyView>
    )
  return (
    <>
      <RefusalNotice refusal={refusal} />
      <NoticeAndClauses product={product} />
      {refusal?.kind === 'refused' ? (
        <Button block onClick={() => navigate(flowStepHref(flow, 'infoFill', product.id))}>
          修改投保信息
        </Button>
      ) : (
        <SubmitBar binding={binding} product={product} onRefused={setRefusal} />
      )}
    </>
  )
}
