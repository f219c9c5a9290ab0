import { Suspense, useRef, useState, type ReactNode } from 'react'
import { Button } from 'antd-mobile'
import { Checkbox } from '../../components/check/Check'
import { ChunkRetryNotice } from '../../components/ChunkRetryNotice'
import { toast } from '../../components/notice'
import { useResendCountdown } from '../../components/useResendCountdown'
import {
  certificateChoices,
  isCertificateValue,
  type FormFieldSpec,
  type FieldValue,
} from '../../domain/campaignFormFields'
import { PHONE_PATTERN } from '../../domain/phone'
import { chineseDate, formatShanghaiDateTime } from '../../domain/dates'
import { formatCoverageAmount } from '../../domain/money'
import { useCampaignActions, useCampaignForm, type CollectResult } from '../../features/campaigns/api'
import { importOnce } from '../../lib/lazyChunk'
import { lazyWithRetry } from '../../lib/lazyWithRetry'
import { apiErrorOf, describeError, refreshServerData } from '../../lib/request'
import type { GiftInfo } from '../../types/generated/api/campaign'
import type { FormBlock as Props } from '../../types/generated/page'
import { useBlockRuntime, type BlockProps, type DeclaredCampaign } from '../runtime'
import { BlockError, BlockLoading } from '../shared/BlockStatus'
import './FormBlock.css'

type Values = Record<string, FieldValue>
type Errors = Record<string, string>

// The wheel-backed fields (a choice, a certificate's type, a date, wheelFields.tsx) load when the reader first
// touches one; until then each is a button of the same look and name (OnFirstTap).
const wheels = importOnce(() => import('./wheelFields'))
const prefetchWheels = () =>
  void wheels().then(
    (m) => m.preloadWheels(),
    () => undefined,
  )
const PickerField = lazyWithRetry(
  () => wheels().then((m) => ({ default: m.FormPickerField })),
  ChunkRetryNotice,
)
const DateField = lazyWithRetry(() => wheels().then((m) => ({ default: m.FormDateField })), ChunkRetryNotice)

/**
 * A wheel-backed field before its code has loaded: a button showing the choice (or the placeholder) that starts
 * the download when touched and, tapped, becomes the field with its wheel open (`field(true)`).
 */
function OnFirstTap(props: {
  id: string
  className: string
  shown: string | undefined
  placeholder: string
  label?: string
  disabled: boolean
  field: (open: boolean) => ReactNode
}) {
  const [tapped, setTapped] = useState(false)
  const standIn = (
    <button
      type="button"
      id={props.id}
      className={props.className}
      disabled={props.disabled}
      onPointerDown={prefetchWheels}
      onFocus={prefetchWheels}
      onClick={() => setTapped(true)}
      aria-haspopup="dialog"
      aria-label={props.label}
      aria-busy={tapped || undefined}
    >
      {props.shown ?? <span className="date-field-placeholder">{props.placeholder}</span>}
    </button>
  )
  return tapped ? <Suspense fallback={standIn}>{props.field(true)}</Suspense> : standIn
}

/**
 * The rules the fields are checked by (certificate numbers, names, dates), shared with the server: loaded when
 * the reader first touches the form, not with the page.
 */
const formRules = () => import('../../domain/campaignForms')

/** Today in Asia/Shanghai, from the page's server clock (the rules check dates against it). */
const todayOf = (nowMs: number) => formatShanghaiDateTime(nowMs).slice(0, 10)

/** The gift policy offered: product, insurer, cover, ages and terms (shown before anything is asked). */
function GiftCard({ gift, onTerms }: { gift: GiftInfo; onTerms: () => void }) {
  return (
    <div className="blk-form-gift" data-testid="form-gift">
      <h3>{gift.productName}</h3>
      <p className="blk-form-insurer">承保公司：{gift.insurerName}</p>
      <ul className="blk-form-cover">
        {gift.coverages.map((c) => (
          <li key={c.name}>
            <span>{c.name}</span>
            <strong>{formatCoverageAmount(c.amountFen)}</strong>
          </li>
        ))}
      </ul>
      <p className="blk-note">
        保障计划：{gift.planName}；保障期间：{gift.coveragePeriod}；承保年龄：{gift.ageText}；
        {gift.waitingPeriodDays > 0 ? `等待期${gift.waitingPeriodDays}天` : '无等待期'}；保费 0 元，无需支付。
        {gift.left !== null && ` 剩余 ${gift.left} 份。`}
      </p>
      <p className="blk-form-terms">
        领取前请阅读
        <button type="button" onClick={onTerms}>
          {gift.clauses.map((c) => `《${c.title}》`).join('')}《投保须知》
        </button>
      </p>
    </div>
  )
}

interface FieldProps {
  field: FormFieldSpec
  value: FieldValue | undefined
  error: string | undefined
  disabled: boolean
  /** YYYY-MM-DD in Asia/Shanghai: bounds a date field's wheel. */
  today: string
  onChange: (value: FieldValue) => void
  onLink: (to: string) => void
}

function FieldInput({ field, value, error, disabled, today, onChange, onLink }: FieldProps) {
  const id = `form-${field.key}`
  const text = typeof value === 'string' ? value : ''
  const control = () => {
    switch (field.kind) {
      case 'agreement':
        return (
          <div className="blk-form-agree">
            <Checkbox id={id} checked={value === true} disabled={disabled} onChange={onChange}>
              {field.label}
            </Checkbox>
            {field.link && (
              <button type="button" className="blk-form-link" onClick={() => onLink(field.link as string)}>
                查看
              </button>
            )}
          </div>
        )
      case 'certificate': {
        const choices = certificateChoices(field)
        const cert = isCertificateValue(value) ? value : { type: choices[0]?.type ?? '', number: '' }
        return (
          <div className="blk-form-cert">
            {choices.length > 1 ? (
              <OnFirstTap
                id={`${id}-type`}
                className="date-field picker-field"
                shown={choices.find((c) => c.type === cert.type)?.name}
                placeholder="请选择"
                label={`证件类型：${choices.find((c) => c.type === cert.type)?.name ?? '请选择'}`}
                disabled={disabled}
                field={(open) => (
                  <PickerField
                    id={`${id}-type`}
                    name="证件类型"
                    title="证件类型"
                    value={cert.type}
                    options={choices.map((c) => ({ value: c.type as string, label: c.name }))}
                    disabled={disabled}
                    defaultOpen={open}
                    onChange={(type) => onChange({ ...cert, type })}
                  />
                )}
              />
            ) : (
              <span className="blk-form-cert-type">{choices[0]?.name}</span>
            )}
            <input
              id={id}
              value={cert.number}
              maxLength={20}
              placeholder="请输入证件号码"
              autoComplete="off"
              disabled={disabled}
              onChange={(e) => onChange({ ...cert, number: e.target.value })}
            />
          </div>
        )
      }
      case 'select':
        return (
          <OnFirstTap
            id={id}
            className="date-field picker-field"
            shown={field.options?.includes(text) ? text : undefined}
            placeholder="请选择"
            disabled={disabled}
            field={(open) => (
              <PickerField
                id={id}
                title={field.label}
                value={text}
                options={(field.options ?? []).map((o) => ({ value: o, label: o }))}
                disabled={disabled}
                defaultOpen={open}
                onChange={onChange}
              />
            )}
          />
        )
      case 'date':
        return (
          <OnFirstTap
            id={id}
            className="date-field"
            shown={chineseDate(text) || undefined}
            placeholder="请选择日期"
            disabled={disabled}
            field={(open) => (
              <DateField
                id={id}
                title={field.label}
                value={text}
                today={today}
                disabled={disabled}
                defaultOpen={open}
                onChange={onChange}
              />
            )}
          />
        )
      default:
        return (
          <input
            id={id}
            value={text}
            maxLength={field.kind === 'phone' ? 11 : 60}
            inputMode={field.kind === 'phone' ? 'numeric' : undefined}
            placeholder={`请输入${field.label}`}
            autoComplete="off"
            disabled={disabled}
            onChange={(e) => onChange(e.target.value)}
          />
        )
    }
  }
  return (
    <div className={`blk-form-field${error ? ' has-error' : ''}`}>
      {field.kind !== 'agreement' && (
        <label htmlFor={id}>
          {field.label}
          {field.optional && <em>（选填）</em>}
        </label>
      )}
      {control()}
      {error && (
        <p className="blk-form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

/** The SMS code a form with a phone field asks for, with its send button (a countdown once sent). */
function SmsCodeField(props: {
  value: string
  error: string | undefined
  disabled: boolean
  sendDisabled: boolean
  sending: boolean
  left: number
  onChange: (code: string) => void
  onSend: () => void
}) {
  return (
    <div className={`blk-form-field${props.error ? ' has-error' : ''}`}>
      <label htmlFor="form-sms-code">短信验证码</label>
      <div className="blk-form-code">
        <input
          id="form-sms-code"
          value={props.value}
          maxLength={6}
          inputMode="numeric"
          placeholder="6位验证码"
          autoComplete="one-time-code"
          disabled={props.disabled}
          onChange={(e) => props.onChange(e.target.value.replace(/\D/g, ''))}
        />
        <Button size="small" disabled={props.sendDisabled} loading={props.sending} onClick={props.onSend}>
          {props.left > 0 ? `${props.left}秒后重发` : '获取验证码'}
        </Button>
      </div>
      {props.error && (
        <p className="blk-form-error" role="alert">
          {props.error}
        </p>
      )}
    </div>
  )
}

/**
 * The form as the page declares it, disabled, while the campaign's state loads (and in HTML built before it):
 * its fields, code and button, and its rules, so the blocks below keep their place; a gift's card (its product,
 * from the server) keeps a typical card's room. Without a declaration, a few lines of skeleton.
 */
function FormPlaceholder({ block, declared }: { block: Props; declared: DeclaredCampaign | undefined }) {
  const runtime = useBlockRuntime()
  const fields: FormFieldSpec[] = declared?.fields ?? []
  if (!fields.length)
    return (
      <section className="blk-form" aria-label="表单">
        <BlockLoading lines={5} />
      </section>
    )
  const none = () => {}
  return (
    <section className="blk-form" aria-label={declared?.title ?? '表单'} aria-busy="true">
      {declared?.kind === 'gift-claim' && <div className="blk-form-gift blk-form-gift-placeholder" />}
      <div className="blk-form-body" role="status" aria-label="加载中">
        {block.title && <h3 className="blk-section-title">{runtime.text(block.title)}</h3>}
        {fields.map((field) => (
          <FieldInput
            key={field.key}
            field={field}
            value={undefined}
            error={undefined}
            disabled
            today={todayOf(runtime.now())}
            onChange={none}
            onLink={none}
          />
        ))}
        {fields.some((f) => f.kind === 'phone') && (
          <SmsCodeField
            value=""
            error={undefined}
            disabled
            sendDisabled
            sending={false}
            left={0}
            onChange={none}
            onSend={none}
          />
        )}
        <Button block color="primary" shape="rounded" size="large" disabled>
          加载中
        </Button>
      </div>
      {declared?.rules && <FormRules rules={declared.rules} />}
    </section>
  )
}

function FormRules({ rules }: { rules: string }) {
  return (
    <div className="blk-form-rules">
      <h3>活动规则</h3>
      {rules.split('\n').map((line, i) => (
        <p key={i}>{line}</p>
      ))}
    </div>
  )
}

/**
 * 表单 on a form or gift-claim campaign of the page: whitelisted fields checked as you submit by the same rules
 * the server applies, a phone proven by an SMS code of this form, sent once with an Idempotency-Key. A gift
 * campaign shows the product, its insurer, cover and terms first, and its policy number once collected (领取).
 */
export default function FormBlock({ block }: BlockProps<Props>) {
  const runtime = useBlockRuntime()
  // Prerendered HTML shows the frame; the form (per user) comes once hydrated.
  const { data, error, mutate } = useCampaignForm(runtime.prerendered ? null : block.campaign)
  const actions = useCampaignActions()
  const [values, setValues] = useState<Values>({})
  const [errors, setErrors] = useState<Errors>({})
  const [smsCode, setSmsCode] = useState('')
  const [busy, setBusy] = useState(false)
  const submitting = useRef(false)
  const [sending, setSending] = useState(false)
  const [done, setDone] = useState<CollectResult['entry'] | null>(null)
  const countdown = useResendCountdown()

  if (error) return <BlockError error={error} onRetry={() => void mutate()} />
  if (!data) return <FormPlaceholder block={block} declared={runtime.campaign?.(block.campaign)} />

  const gift = data.kind === 'gift-claim'
  const loggedIn = data.chances !== null
  const latest = done ?? data.entries[0] ?? null
  const finished = loggedIn && data.chances !== null && data.chances.leftTotal <= 0 && latest !== null
  const phoneField = data.fields.find((f) => f.kind === 'phone')
  const closed = data.status !== 'live'
  const soldOut = gift && data.gift?.left === 0
  const toTerms = () => data.gift && runtime.navigate(`/productInfo?id=${data.gift.productId}`)

  const set = (field: string, value: FieldValue) => {
    setValues((v) => ({ ...v, [field]: value }))
    setErrors((e) => ({ ...e, [field]: '' }))
  }

  async function sendCode() {
    if (!phoneField) return
    const phone = typeof values[phoneField.key] === 'string' ? (values[phoneField.key] as string).trim() : ''
    if (!PHONE_PATTERN.test(phone)) {
      setErrors((e) => ({ ...e, [phoneField.key]: '请输入正确的11位手机号' }))
      return
    }
    setSending(true)
    try {
      const sent = await actions.sendSmsCode(block.campaign, phone)
      countdown.start(sent.resendAfterSeconds)
      toast('success', '验证码已发送')
    } catch (e) {
      toast('error', describeError(e))
    } finally {
      setSending(false)
    }
  }

  async function submit() {
    if (!data) return
    if (!loggedIn) {
      await runtime.run({ type: 'login' })
      return
    }
    // One submission at a time: a second tap while the rules load or the request runs does nothing.
    if (submitting.current) return
    submitting.current = true
    setBusy(true)
    try {
      const { fieldProblem } = await formRules()
      const today = todayOf(runtime.now())
      const found: Errors = {}
      for (const field of data.fields) {
        const problem = fieldProblem(field, values[field.key], today)
        if (problem) found[field.key] = problem
      }
      if (phoneField && !/^\d{6}$/.test(smsCode)) found.smsCode = '请输入6位短信验证码'
      setErrors(found)
      if (Object.values(found).some(Boolean)) return
      const body = { fields: values, ...(phoneField ? { smsCode } : {}) }
      const result = await actions.submitForm(block.campaign, gift, body)
      setDone(result.entry)
      toast('success', gift ? '领取成功' : '提交成功')
      void refreshServerData()
    } catch (e) {
      // The server names each refused field (fields.<key>, smsCode): shown under it.
      const byField: Errors = {}
      for (const detail of apiErrorOf(e)?.details ?? []) {
        const { field, message } = detail as { field?: unknown; message?: unknown }
        if (typeof field === 'string' && typeof message === 'string')
          byField[field.replace(/^fields\./, '')] = message
      }
      setErrors(byField)
      toast('error', describeError(e))
    } finally {
      submitting.current = false
      setBusy(false)
    }
  }

  const submitText = runtime.text(block.submitText ?? (gift ? '确认领取' : '提交'))
  return (
    <section className="blk-form" aria-label={data.title}>
      {data.gift && <GiftCard gift={data.gift} onTerms={toTerms} />}
      {finished || done ? (
        <div className="blk-form-done" role="status" data-testid="form-done">
          <p className="blk-form-done-title">{gift ? '已领取' : '已提交'}</p>
          {latest?.policyNo && <p>保单号：{latest.policyNo}</p>}
          <p className="blk-note">
            {runtime.text(
              block.successText ??
                (gift
                  ? '可在“我的保单”中查看保单，保单自生效日零时起承担保险责任。'
                  : '感谢参与，我们已收到您的信息。'),
            )}
          </p>
          {gift && (
            <Button color="primary" fill="outline" size="small" onClick={() => runtime.navigate('/policy')}>
              查看我的保单
            </Button>
          )}
        </div>
      ) : (
        <form
          className="blk-form-body"
          noValidate
          onFocus={() => void formRules().catch(() => undefined)}
          onSubmit={(e) => {
            e.preventDefault()
            void submit()
          }}
        >
          {block.title && <h3 className="blk-section-title">{runtime.text(block.title)}</h3>}
          {data.fields.map((field) => (
            <FieldInput
              key={field.key}
              field={field}
              value={values[field.key]}
              error={errors[field.key] || undefined}
              disabled={busy}
              today={todayOf(runtime.now())}
              onChange={(v) => set(field.key, v)}
              onLink={(to) => runtime.navigate(to)}
            />
          ))}
          {phoneField && (
            <SmsCodeField
              value={smsCode}
              error={errors.smsCode}
              disabled={busy}
              sendDisabled={!loggedIn || closed || sending || countdown.left > 0}
              sending={sending}
              left={countdown.left}
              onChange={(code) => {
                setSmsCode(code)
                setErrors((er) => ({ ...er, smsCode: '' }))
              }}
              onSend={() => void sendCode()}
            />
          )}
          <Button
            block
            type="submit"
            color="primary"
            shape="rounded"
            size="large"
            loading={busy}
            disabled={busy || closed || soldOut}
          >
            {data.status === 'upcoming'
              ? '活动未开始'
              : data.status === 'ended'
                ? '活动已结束'
                : data.status === 'offline'
                  ? '活动已下线'
                  : soldOut
                    ? '已领完'
                    : loggedIn
                      ? submitText
                      : `登录后${gift ? '领取' : '提交'}`}
          </Button>
          {data.chances && data.chances.left <= 0 && data.chances.leftTotal > 0 && (
            <p className="blk-note">今日次数已用完，明天再来</p>
          )}
        </form>
      )}
      {data.rules && <FormRules rules={data.rules} />}
    </section>
  )
}
