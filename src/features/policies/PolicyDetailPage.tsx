import { useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { policyKey, usePolicy, type Policy } from './api'
import { useProductDetail } from '../catalog/api'
import { EmptyView, LoadingView } from '../../components/StatusViews'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { DocumentSheet } from '../../components/flow/DocumentSheet'
import { ServiceDisclosure } from '../../components/disclosure/ServiceDisclosure'
import { backToPolicies, policyIdOf } from './paths'
import { PolicyActions } from './PolicyActions'
import { PolicyDocument } from './PolicyDocument'
import { SalesRecordCard } from './SalesRecordCard'
import '../../components/flow/flow.css'
import { disclosureKey } from '../../components/disclosure/api'
import type { DataLoad, ScreenLoader } from '../../types/route'

/** PolicyDetail's data: the policy, then its product's disclosure. */
export async function loadPolicyDetail(load: DataLoad, id: string): Promise<void> {
  const policy = await load<Policy>(policyKey(id))
  await load(disclosureKey(policy.productId))
}

export const loader: ScreenLoader = async ({ search }, load) => {
  const id = policyIdOf(search)
  if (id) await loadPolicyDetail(load, id)
}

/** /policy/policyDetail: the electronic policy of a logged-in owner. */
export default function PolicyDetailPage() {
  const [params] = useSearchParams()
  const id = policyIdOf(params)
  if (!id) return <EmptyView title="缺少保单号" description="请从我的保单进入" />
  return <PolicyDetail id={id} />
}

/**
 * The one policy page, ours or a partner insurer's (also /policy/apiPolicyDetail): the document with both policy
 * numbers, 保额, 犹豫期 end, the service disclosure, and the actions (e-policy, 发送到手机, 犹豫期退保).
 */
export function PolicyDetail({ id }: { id: string }) {
  const policy = usePolicy(id)
  const [clause, setClause] = useState<Policy['clauses'][number] | null>(null)
  // The clauses' text is the product's: asked for when one is opened.
  const product = useProductDetail(clause ? (policy.data?.productId ?? null) : null)
  const clauseBody = clause ? product.data?.clauses.find((c) => c.id === clause.id)?.body : undefined
  if (policy.error)
    return <LoginAwareError back={backToPolicies} error={policy.error} onRetry={() => void policy.mutate()} />
  if (!policy.data) return <LoadingView lines={8} />
  return (
    <div className="purchase-page" data-testid="policy-detail">
      <PolicyDocument policy={policy.data} onClause={setClause} />
      {policy.data.salesRecord && <SalesRecordCard record={policy.data.salesRecord} />}
      <ServiceDisclosure productId={policy.data.productId} serviceContext={{ policyId: policy.data.id }} />
      <PolicyActions
        policy={policy.data}
        onChange={(next) => void policy.mutate(next, { revalidate: false })}
      />
      <DocumentSheet
        document={clause && clauseBody ? { title: clause.title, body: clauseBody } : null}
        onClose={() => setClause(null)}
      />
    </div>
  )
}
