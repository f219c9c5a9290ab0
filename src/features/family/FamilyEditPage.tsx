import { useState, type ReactNode } from 'react'
import { Choices } from '../../components/Choices'
import { Button, Input } from 'antd-mobile'
import { Radio } from '../../components/check/Check'
import { useLocation, useSearchParams } from 'react-router-dom'
import {
  familyMemberKey,
  familyMembersKey,
  useFamilyMember,
  useFamilyMembers,
  useFamilyWrites,
  type FamilyMember,
} from './api'
import { EmptyView, ErrorView, LoadingView } from '../../components/StatusViews'
import { toast } from '../../components/notice'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { DateField } from '../../components/DateField'
import { PickerField } from '../../components/PickerField'
import { addYears, shanghaiDate } from '../../domain/age'
import { derivedFromCertificate } from '../../domain/applicant'
import { CERTIFICATE_TYPES } from '../../domain/certificate'
import { FAMILY_RELATIONS, validateFamilyMember, type FamilyMemberFields } from '../../domain/family'
import { apiErrorOf, describeError, HttpError } from '../../lib/request'
import { familyListPath } from './familyPaths'
import { useDeleteMember } from './useDeleteMember'
import { isUnauthenticated, useLoginRedirect } from './useLoginRedirect'
import './family.css'
import { loginPathFor } from '../../components/navigation/appPath'
import { familyMemberIdOf } from './paths'
import type { ScreenLoader } from '../../types/route'

/** The member edited, or when adding the list (whether there is room). */
export const loader: ScreenLoader = async ({ search }, load) => {
  const id = familyMemberIdOf(search)
  await load(id ? familyMemberKey(id) : familyMembersKey)
}

type Field = keyof FamilyMemberFields
type FieldErrors = Partial<Record<Field, string>>

const EMPTY: FamilyMemberFields = {
  name: '',
  relation: '',
  certType: 'ID_CARD',
  certNo: '',
  birthday: '',
  gender: '',
  phone: '',
}
const FIELDS: readonly Field[] = ['name', 'relation', 'certType', 'certNo', 'gender', 'birthday', 'phone']
const isField = (field: string): field is Field => (FIELDS as readonly string[]).includes(field)

function fieldsOf(member: FamilyMember): FamilyMemberFields {
  const { name, relation, certType, certNo, birthday, gender, phone } = member
  return { name, relation, certType, certNo, birthday, gender, phone }
}

/**
 * One labelled field with its Chinese error right under it. Text inputs carry the id `family-<field>`;
 * choice groups (relation, gender) get it on their group instead.
 */
function FormField({
  field,
  label,
  error,
  group,
  children,
}: {
  field: Field
  label: string
  error?: string
  group?: boolean
  children: ReactNode
}) {
  const id = `family-${field}`
  return (
    <div className="family-field">
      {group ? (
        <>
          <div className="family-field-label" id={`${id}-label`}>
            {label}
          </div>
          <div id={id} role="group" aria-labelledby={`${id}-label`}>
            {children}
          </div>
        </>
      ) : (
        <>
          <label htmlFor={id}>{label}</label>
          {children}
        </>
      )}
      {error && (
        <div className="family-field-error" role="alert" data-field={field}>
          {error}
        </div>
      )}
    </div>
  )
}

/** Back to where the user came from (usually the list), or to the list when opened directly. */
function useLeave() {
  const navigate = useAppNavigate()
  const { pathname } = useLocation()
  return () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0
    if (idx > 0) navigate(-1)
    else navigate(familyListPath(pathname), { replace: true })
  }
}

function MemberForm({ member }: { member?: FamilyMember }) {
  const navigate = useAppNavigate()
  const { pathname, search } = useLocation()
  const leave = useLeave()
  const { deletingId, remove } = useDeleteMember(leave)
  const writes = useFamilyWrites()
  const [form, setForm] = useState<FamilyMemberFields>(() => (member ? fieldsOf(member) : EMPTY))
  const [tried, setTried] = useState(false)
  const [serverErrors, setServerErrors] = useState<FieldErrors>({})
  const [saving, setSaving] = useState(false)
  // The day the form opened: the server checks again on its own clock.
  const [today] = useState(() => shanghaiDate(Date.now()))
  const derived = derivedFromCertificate(form.certType, form.certNo, today)

  function validate(): FieldErrors {
    const found: FieldErrors = {}
    for (const e of validateFamilyMember(form, today)) if (isField(e.field)) found[e.field] ??= e.message
    return found
  }
  // After the first 保存, errors follow every keystroke; the server's stay until their field changes.
  const errors: FieldErrors = { ...serverErrors, ...(tried ? validate() : {}) }

  function change(patch: Partial<FamilyMemberFields>) {
    setForm((previous) => {
      const next = { ...previous, ...patch }
      // Resident IDs and permits carry birth date and gender: fill them in and lock them.
      const fromNumber =
        'certNo' in patch || 'certType' in patch
          ? derivedFromCertificate(next.certType, next.certNo, today)
          : null
      return fromNumber ? { ...next, ...fromNumber } : next
    })
    setServerErrors((previous) => {
      const next = { ...previous }
      for (const key of Object.keys(patch)) delete next[key as Field]
      if ('certNo' in patch || 'certType' in patch) {
        delete next.birthday
        delete next.gender
      }
      return next
    })
  }

  async function save() {
    setTried(true)
    const found = validate()
    const first = FIELDS.find((f) => found[f])
    if (first) {
      document.getElementById(`family-${first}`)?.scrollIntoView?.({ block: 'center' })
      return
    }
    setSaving(true)
    try {
      if (member) await writes.update(member.id, form)
      else await writes.create(form)
      toast('success', member ? '已保存' : '已添加')
      leave()
    } catch (error) {
      if (isUnauthenticated(error)) {
        navigate(loginPathFor(`${pathname}${search}`))
        return
      }
      const details = (apiErrorOf(error)?.details ?? []) as { field?: unknown; message?: unknown }[]
      const fromServer: FieldErrors = {}
      for (const d of details)
        if (typeof d.field === 'string' && isField(d.field) && typeof d.message === 'string')
          fromServer[d.field] ??= d.message
      setServerErrors(fromServer)
      // Field errors show under their fields; the rest (limit reached, network) as a toast.
      if (Object.keys(fromServer).length === 0) toast('error', describeError(error))
    } finally {
      setSaving(false)
    }
  }

  return (
    <div className="family-page">
      <section className="family-card">
        <FormField field="name" label="姓名" error={errors.name}>
          <Input
            id="family-name"
            placeholder="请输入证件上的姓名"
            value={form.name}
            maxLength={30}
            onChange={(name) => change({ name })}
          />
        </FormField>
        <FormField field="relation" label="与本人关系" error={errors.relation} group>
          <Choices
            columns={4}
            options={FAMILY_RELATIONS.map((r) => ({ label: r.name, value: r.code }))}
            value={form.relation ? [form.relation] : []}
            onChange={(values) => change({ relation: values[0] ?? '' })}
          />
        </FormField>
        <FormField field="certType" label="证件类型" error={errors.certType}>
          <PickerField
            id="family-certType"
            title="证件类型"
            value={form.certType}
            options={CERTIFICATE_TYPES.map((t) => ({ value: t.type as string, label: t.name }))}
            onChange={(certType) => change({ certType })}
          />
        </FormField>
        <FormField field="certNo" label="证件号码" error={errors.certNo}>
          <Input
            id="family-certNo"
            placeholder="请输入证件号码"
            value={form.certNo}
            maxLength={20}
            onChange={(certNo) => change({ certNo: certNo.toUpperCase() })}
          />
        </FormField>
        <FormField
          field="gender"
          label={derived ? '性别（根据证件号码）' : '性别'}
          error={errors.gender}
          group
        >
          <Radio.Group value={form.gender || null} onChange={(value) => change({ gender: String(value) })}>
            <Radio value="M" disabled={Boolean(derived)} style={{ marginRight: 24 }}>
              男
            </Radio>
            <Radio value="F" disabled={Boolean(derived)}>
              女
            </Radio>
          </Radio.Group>
        </FormField>
        <FormField
          field="birthday"
          label={derived ? '出生日期（根据证件号码）' : '出生日期'}
          error={errors.birthday}
        >
          <DateField
            id="family-birthday"
            title="出生日期"
            value={form.birthday}
            min={addYears(today, -100)}
            max={today}
            disabled={Boolean(derived)}
            onChange={(birthday) => change({ birthday })}
          />
        </FormField>
        <FormField field="phone" label="手机号（选填）" error={errors.phone}>
          <Input
            id="family-phone"
            type="tel"
            inputMode="tel"
            placeholder="用于接收保单短信"
            value={form.phone}
            maxLength={11}
            onChange={(phone) => change({ phone })}
          />
        </FormField>
      </section>
      <p className="family-hint">家庭成员信息仅用于为其投保，保存在您的账户中，他人无法查看。</p>
      <div className="family-bottom-bar">
        <Button
          block
          color="primary"
          loading={saving}
          loadingText="保存中"
          disabled={saving || deletingId !== null}
          onClick={() => void save()}
        >
          保存
        </Button>
        {member && (
          <Button
            block
            color="danger"
            fill="outline"
            loading={deletingId !== null}
            loadingText="删除中"
            disabled={saving || deletingId !== null}
            onClick={() => void remove(member)}
          >
            删除该成员
          </Button>
        )}
      </div>
    </div>
  )
}

/** /familyManage/addEdit (and /family/addEdit): add a member, or edit the one in ?id=. */
export default function FamilyEditPage() {
  const [params] = useSearchParams()
  const { pathname } = useLocation()
  const navigate = useAppNavigate()
  const id = familyMemberIdOf(params)
  const member = useFamilyMember(id)
  // Adding: the list tells early whether the user is logged in and still has room.
  const list = useFamilyMembers(!id)
  const error = id ? member.error : list.error
  useLoginRedirect(error)

  if (error && isUnauthenticated(error)) return <LoadingView />
  if (id && member.error instanceof HttpError && member.error.status === 404)
    return (
      <EmptyView title="该家庭成员不存在或已删除">
        <Button
          color="primary"
          size="small"
          onClick={() => navigate(familyListPath(pathname), { replace: true })}
        >
          返回家庭成员列表
        </Button>
      </EmptyView>
    )
  if (error) return <ErrorView error={error} onRetry={() => void (id ? member.mutate() : list.mutate())} />
  if (id ? !member.data : !list.data) return <LoadingView lines={6} />
  if (!id && list.data && list.data.items.length >= list.data.limit)
    return (
      <EmptyView
        title={`最多可添加${list.data.limit}位家庭成员`}
        description="请先删除不再需要的成员后再添加"
      >
        <Button
          color="primary"
          size="small"
          onClick={() => navigate(familyListPath(pathname), { replace: true })}
        >
          返回家庭成员列表
        </Button>
      </EmptyView>
    )
  return <MemberForm key={id ?? 'new'} member={member.data} />
}
