import { Button } from 'antd-mobile'
import { Choices } from '../../components/Choices'
import type { FamilyMember } from '../family/api'
import { AppLink } from '../../components/navigation/AppLink'
import { ageOn } from '../../domain/age'
import { RELATIONS, SELF_RELATION, relationCanFit, type InsuredInput } from '../../domain/applicant'
import { canBeInsured } from '../../domain/family'
import { ageRangeLabel, insurableAgeProblem } from '../../domain/pricing'
import type { ProductDetail } from '../catalog/api'
import { familyListHref } from '../family/paths'
import { replaceInsured } from './draft'

const MEMBER = 'member:'
const NEW = 'new:'

/** The saved member the insured section was filled from (same relation and certificate), if any. */
function pickedMember(
  members: readonly FamilyMember[],
  insured: Pick<InsuredInput, 'relationType' | 'certType' | 'certNo'>,
) {
  return members.find(
    (m) =>
      m.relation === insured.relationType && m.certType === insured.certType && m.certNo === insured.certNo,
  )
}

/** Why a saved member cannot be this product's insured (relation 其他, or age), or null. */
export function memberProblem(
  member: FamilyMember,
  product: Pick<ProductDetail, 'ageMin' | 'ageMax'>,
  effectiveDate: string,
): string | null {
  if (!canBeInsured(member.relation)) return '关系为“其他”，不能作为被保险人'
  return insurableAgeProblem(product, member.birthday, effectiveDate)
}

/** A saved member as the insured (the section starts afresh with their data; phone and social insurance kept). */
export function insureMember(
  member: FamilyMember,
  insured: Pick<InsuredInput, 'phone' | 'email' | 'hasSocialInsurance'>,
) {
  const { name, certType, certNo, birthday, gender } = member
  replaceInsured({
    phone: member.phone || insured.phone,
    email: insured.email,
    hasSocialInsurance: insured.hasSocialInsurance,
    relationType: member.relation,
    name,
    certType,
    certNo,
    birthday,
    gender,
  })
}

/**
 * 为谁投保, on the form screen: 本人, a saved family member, or a new spouse, child or parent. A relation no one of
 * the product's ages can have is not offered (a children's product: only 子女); a person it cannot cover (their
 * age on the effective date, or relation 其他) is shown disabled with the reason, before anything is typed.
 */
export function InsuredChooser({
  product,
  insured,
  members,
  membersFailed,
  onRetryMembers,
  selfBirthday,
  effectiveDate,
}: {
  product: ProductDetail
  insured: InsuredInput
  members: readonly FamilyMember[] | undefined
  membersFailed: boolean
  onRetryMembers: () => void
  /** The buyer's birth date when known (ID typed, last order, real-name record). */
  selfBirthday: string
  effectiveDate: string
}) {
  const saved = members ?? []
  const picked = pickedMember(saved, insured)
  const selected =
    insured.relationType === SELF_RELATION
      ? SELF_RELATION
      : picked
        ? `${MEMBER}${picked.id}`
        : `${NEW}${insured.relationType}`
  const selfProblem = selfBirthday ? insurableAgeProblem(product, selfBirthday, effectiveDate) : null
  const selfAge = selfBirthday ? ageOn(selfBirthday, effectiveDate) : null
  // Only relations someone of the product's ages can have (a children's product: 子女), and whoever is chosen.
  const offered = (relation: string, value: string) =>
    value === selected || relationCanFit(relation, product, selfAge)

  const options = [
    ...(offered(SELF_RELATION, SELF_RELATION)
      ? [
          {
            label: '本人',
            value: SELF_RELATION as string,
            disabled: selfProblem !== null && selected !== SELF_RELATION,
            description: selfProblem ?? undefined,
          },
        ]
      : []),
    ...saved.map((member) => {
      const problem = memberProblem(member, product, effectiveDate)
      return {
        label: `${member.name}（${member.relationName}）`,
        value: `${MEMBER}${member.id}`,
        disabled: problem !== null,
        description: problem ?? undefined,
      }
    }),
    ...RELATIONS.filter((r) => r.code !== SELF_RELATION && offered(r.code, `${NEW}${r.code}`)).map(
      (relation) => ({
        label: `新增${relation.name}`,
        value: `${NEW}${relation.code}`,
        disabled: false,
        description: undefined,
      }),
    ),
  ]

  function choose(value: string | undefined) {
    if (!value || value === selected) return
    // A different insured means a different person: clear what was typed for the previous one.
    const keep = {
      phone: insured.phone,
      email: insured.email,
      hasSocialInsurance: insured.hasSocialInsurance,
    }
    const member = value.startsWith(MEMBER) ? saved.find((m) => `${MEMBER}${m.id}` === value) : undefined
    if (member) {
      if (memberProblem(member, product, effectiveDate) === null) insureMember(member, keep)
    } else if (value === SELF_RELATION) replaceInsured({ ...keep, relationType: SELF_RELATION })
    else replaceInsured({ ...keep, relationType: value.replace(NEW, '') })
  }

  return (
    <section className="purchase-card" aria-label="为谁投保">
      <div className="labeled-row" style={{ padding: 0 }}>
        <h2>为谁投保</h2>
        <AppLink to={familyListHref()}>管理家庭成员</AppLink>
      </div>
      <Choices columns={2} options={options} value={[selected]} onChange={(values) => choose(values[0])} />
      {membersFailed && (
        <p className="purchase-muted">
          家庭成员加载失败{' '}
          <Button size="mini" onClick={onRetryMembers}>
            重试
          </Button>
        </p>
      )}
      <p className="purchase-muted">本产品承保年龄：{ageRangeLabel(product)}</p>
    </section>
  )
}
