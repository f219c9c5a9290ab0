import { Button, Tag } from 'antd-mobile'
import { useLocation } from 'react-router-dom'
import { familyMembersKey, useFamilyMembers } from './api'
import { EmptyView, ErrorView, LoadingView } from '../../components/StatusViews'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { CERTIFICATE_TYPES, maskCertificateNumber } from '../../domain/certificate'
import { maskPhone } from '../../domain/phone'
import { canBeInsured } from '../../domain/family'
import { familyEditPath } from './familyPaths'
import { useDeleteMember } from './useDeleteMember'
import { isUnauthenticated, useLoginRedirect } from './useLoginRedirect'
import './family.css'
import type { ScreenLoader } from '../../types/route'

export const loader: ScreenLoader = async (_, load) => load(familyMembersKey)

const certificateName = (type: string) => CERTIFICATE_TYPES.find((t) => t.type === type)?.name ?? type

/** /familyManage/list (and /family/list): the user's family members, to add, edit or delete. */
export default function FamilyListPage() {
  const members = useFamilyMembers()
  const navigate = useAppNavigate()
  const { pathname } = useLocation()
  const { deletingId, remove } = useDeleteMember()
  useLoginRedirect(members.error)

  if (members.error && !isUnauthenticated(members.error))
    return <ErrorView error={members.error} onRetry={() => void members.mutate()} />
  if (!members.data) return <LoadingView lines={4} />
  const { items, limit } = members.data
  const full = items.length >= limit
  const add = () => navigate(familyEditPath(pathname))

  return (
    <div className="family-page" data-testid="family-list">
      {items.length === 0 ? (
        <EmptyView title="还没有家庭成员" description="添加家人后，投保时可直接选择，无需重复填写" />
      ) : (
        items.map((member) => (
          <article key={member.id} className="family-card" data-testid="family-member">
            <div className="family-card-head">
              <strong>{member.name}</strong>
              <Tag color="primary" fill="outline">
                {member.relationName}
              </Tag>
            </div>
            <div className="family-card-line">
              {certificateName(member.certType)} {maskCertificateNumber(member.certNo)}
            </div>
            <div className="family-card-line">
              {member.gender === 'M' ? '男' : '女'} · {member.birthday}
              {member.phone ? ` · ${maskPhone(member.phone)}` : ''}
            </div>
            {!canBeInsured(member.relation) && (
              <div className="family-card-line">关系为“其他”的成员不能作为投保的被保险人</div>
            )}
            <div className="family-card-actions">
              <Button size="small" onClick={() => navigate(familyEditPath(pathname, member.id))}>
                编辑
              </Button>
              <Button
                size="small"
                color="danger"
                fill="outline"
                loading={deletingId === member.id}
                disabled={deletingId !== null}
                onClick={() => void remove(member)}
              >
                删除
              </Button>
            </div>
          </article>
        ))
      )}
      <div className="family-bottom-bar">
        {full && <div className="family-hint">最多可添加{limit}位家庭成员，请先删除不再需要的成员</div>}
        <Button block color="primary" disabled={full} onClick={add}>
          添加家庭成员（{items.length}/{limit}）
        </Button>
      </div>
    </div>
  )
}
