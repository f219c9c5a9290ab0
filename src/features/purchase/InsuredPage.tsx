import { Button, List, Radio } from 'antd-mobile'
import { useFamilyMembers, type FamilyMember } from '../family/api'
import { useApplication } from './api'
import { EmptyView, LoadingView } from '../../components/StatusViews'
import { AppLink } from '../../components/navigation/AppLink'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { RELATIONS, SELF_RELATION } from '../../domain/applicant'
import { maskCertificateNumber } from '../../domain/certificate'
import { canBeInsured } from '../../domain/family'
import { BottomBar } from '../../components/flow/BottomBar'
import { replaceInsured, usePurchaseDraft } from './draft'
import { useFlowParams } from './flow'
import { flowHref } from './paths'
import { FlowSteps } from './FlowSteps'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { backToOrders } from '../orders/paths'
import { OrderAlreadyMade } from './OrderAlreadyMade'
import '../../components/flow/flow.css'
import '../../components/LabeledRow.css'
import { familyListHref } from '../family/paths'

const HINTS: Record<string, string> = {
  '1': '为自己投保，被保险人信息与投保人一致',
  '2': '为配偶投保，配偶须年满18周岁',
  '3': '为子女投保',
  '4': '为父母投保',
}

const MEMBER = 'member:'
const NEW = 'new:'

/** The saved member the insured section was filled from (same relation and certificate), if any. */
function pickedMember(
  members: readonly FamilyMember[],
  insured: { relationType: string; certType: string; certNo: string },
) {
  return members.find(
    (m) =>
      m.relation === insured.relationType && m.certType === insured.certType && m.certNo === insured.certNo,
  )
}

/**
 * /insured: whom this policy covers — the buyer, a saved family member (fills the insured section, so /infoFill
 * starts filled), or a new insured (spouse, child, parent) typed on /infoFill.
 */
export default function InsuredPage() {
  const { productId, applicationId } = useFlowParams()
  const navigate = useAppNavigate()
  const application = useApplication(applicationId)
  const members = useFamilyMembers(Boolean(productId && applicationId))
  const draft = usePurchaseDraft(productId, application.data)
  const { insured } = draft

  if (!productId || !applicationId)
    return <EmptyView title="缺少投保信息" description="请从产品页面重新进入投保" />
  if (application.error)
    return (
      <LoginAwareError
        back={backToOrders}
        error={application.error}
        onRetry={() => void application.mutate()}
      />
    )
  if (!application.data || !draft.ready) return <LoadingView />
  if (application.data.orderId) return <OrderAlreadyMade orderId={application.data.orderId} />

  const saved = members.data?.items ?? []
  const picked = pickedMember(saved, insured)
  const selected =
    insured.relationType === SELF_RELATION
      ? SELF_RELATION
      : picked
        ? `${MEMBER}${picked.id}`
        : `${NEW}${insured.relationType}`

  function choose(value: string) {
    if (value === selected) return
    // A different insured means a different person: clear what was typed for the previous one.
    const keep = {
      phone: insured.phone,
      email: insured.email,
      hasSocialInsurance: insured.hasSocialInsurance,
    }
    const member = value.startsWith(MEMBER) ? saved.find((m) => `${MEMBER}${m.id}` === value) : undefined
    if (member) {
      if (!canBeInsured(member.relation)) return
      const { name, certType, certNo, birthday, gender } = member
      replaceInsured({
        ...keep,
        relationType: member.relation,
        name,
        certType,
        certNo,
        birthday,
        gender,
        phone: member.phone || keep.phone,
      })
    } else replaceInsured({ ...keep, relationType: value.replace(NEW, '') })
  }

  return (
    <div className="purchase-page">
      <FlowSteps current={1} />
      <Radio.Group value={selected} onChange={(value) => choose(String(value))}>
        <List header="请选择被保险人（为谁投保）">
          <List.Item description={HINTS[SELF_RELATION]} onClick={() => choose(SELF_RELATION)}>
            <Radio value={SELF_RELATION}>本人</Radio>
          </List.Item>
        </List>
        <List
          header={
            <div className="labeled-row" style={{ padding: 0 }}>
              <span>我的家庭成员</span>
              <AppLink to={familyListHref()}>管理家庭成员</AppLink>
            </div>
          }
        >
          {members.error ? (
            <List.Item
              description="可直接选择下方的新增被保人"
              extra={
                <Button size="mini" onClick={() => void members.mutate()}>
                  重试
                </Button>
              }
            >
              家庭成员加载失败
            </List.Item>
          ) : !members.data ? (
            <List.Item>正在加载家庭成员…</List.Item>
          ) : saved.length === 0 ? (
            <List.Item description="保存家人信息后，下次投保可直接选择">还没有保存的家庭成员</List.Item>
          ) : (
            saved.map((member) => {
              const allowed = canBeInsured(member.relation)
              return (
                <List.Item
                  key={member.id}
                  description={
                    allowed
                      ? `${member.relationName} · ${maskCertificateNumber(member.certNo)}`
                      : '关系为“其他”，不能作为被保险人（投保人仅可为本人、配偶、子女、父母投保）'
                  }
                  onClick={() => choose(`${MEMBER}${member.id}`)}
                  disabled={!allowed}
                >
                  <Radio value={`${MEMBER}${member.id}`} disabled={!allowed}>
                    {member.name}（{member.relationName}）
                  </Radio>
                </List.Item>
              )
            })
          )}
        </List>
        <List header="新增被保人">
          {RELATIONS.filter((r) => r.code !== SELF_RELATION).map((relation) => (
            <List.Item
              key={relation.code}
              description={HINTS[relation.code]}
              onClick={() => choose(`${NEW}${relation.code}`)}
            >
              <Radio value={`${NEW}${relation.code}`}>{`我的${relation.name}`}</Radio>
            </List.Item>
          ))}
        </List>
      </Radio.Group>
      <p className="purchase-muted" style={{ padding: '0 4px' }}>
        下一步将对所选被保险人进行健康告知，请如实回答。
      </p>
      <BottomBar>
        <Button
          block
          color="primary"
          onClick={() => navigate(flowHref('healthNotification', productId, applicationId))}
        >
          下一步：健康告知
        </Button>
      </BottomBar>
    </div>
  )
}
