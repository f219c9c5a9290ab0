import { useState } from 'react'
import { Button, Input } from 'antd-mobile'
import { PriceText } from '../../components/PriceText'
import { useResendCountdown } from '../../components/useResendCountdown'
import { shanghaiDate } from '../../domain/age'
import { formatCoverageAmount } from '../../domain/money'
import { coveragePeriodLabel, paymentPeriodLabel } from '../../domain/periods'
import { POLICY_STATUS_TEXT } from '../../domain/policy'
import { apiErrorOf, describeError } from '../../lib/request'
import { lookupPolicy, requestLookupCode, type LookedUpPolicy } from './api'
import './lookup.css'

const POLICY_NO = /^GH\d{16}$/
const LAST4 = /^[0-9A-Z]{4}$/

/** After a refusal for asking too often, the button waits a minute before it is offered again. */
function waitOf(error: unknown): number | null {
  const api = apiErrorOf(error)
  return api && /TOO_FREQUENT|LIMIT/.test(api.code) ? 60 : null
}

/** /scratch: 保单查询 without an account, by policy number, holder name and certificate tail, then an SMS code. */
export default function PolicyLookupPage() {
  const [policyNo, setPolicyNo] = useState('')
  const [holderName, setHolderName] = useState('')
  const [certLast4, setCertLast4] = useState('')
  const [code, setCode] = useState('')
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const [searching, setSearching] = useState(false)
  const [error, setError] = useState('')
  const [result, setResult] = useState<LookedUpPolicy | null>(null)
  const countdown = useResendCountdown()

  const factsProblem = !POLICY_NO.test(policyNo)
    ? '请输入18位保单号（GH开头）'
    : holderName.trim() === ''
      ? '请输入投保人姓名'
      : !LAST4.test(certLast4)
        ? '请输入投保人证件号后4位'
        : null
  const canSearch = !factsProblem && sentTo !== null && /^\d{6}$/.test(code) && !searching

  const sendCode = async () => {
    if (factsProblem) return setError(factsProblem)
    setSending(true)
    setError('')
    try {
      const sent = await requestLookupCode({ policyNo, holderName: holderName.trim(), certLast4 })
      setSentTo(sent.phoneMasked)
      countdown.start(sent.resendAfterSeconds)
    } catch (e) {
      setError(describeError(e))
      const wait = waitOf(e)
      if (wait) countdown.start(wait)
    } finally {
      setSending(false)
    }
  }

  const search = async () => {
    if (!canSearch) return
    setSearching(true)
    setError('')
    try {
      setResult(await lookupPolicy(policyNo, code))
    } catch (e) {
      setError(describeError(e))
    } finally {
      setSearching(false)
    }
  }

  if (result)
    return (
      <LookupResult
        policy={result}
        onAgain={() => {
          setResult(null)
          setCode('')
          setSentTo(null)
        }}
      />
    )

  return (
    <div className="lookup-page" data-testid="lookup-page">
      <p className="lookup-hint muted">无需登录：核对保单信息后，验证码将发送至投保人预留的手机号。</p>
      <div className="lookup-form">
        <label className="lookup-field">
          <span>保单号</span>
          <Input
            placeholder="请输入保单号"
            maxLength={18}
            value={policyNo}
            onChange={(v) => setPolicyNo(v.toUpperCase().replace(/[^0-9A-Z]/g, ''))}
            aria-label="保单号"
            clearable
          />
        </label>
        <label className="lookup-field">
          <span>投保人姓名</span>
          <Input
            placeholder="请输入投保人姓名"
            maxLength={30}
            value={holderName}
            onChange={setHolderName}
            aria-label="投保人姓名"
            clearable
          />
        </label>
        <label className="lookup-field">
          <span>证件号后4位</span>
          <Input
            placeholder="投保人证件号后4位"
            maxLength={4}
            value={certLast4}
            onChange={(v) => setCertLast4(v.toUpperCase().replace(/[^0-9A-Z]/g, ''))}
            aria-label="证件号后4位"
          />
        </label>
        <div className="lookup-field">
          <span>验证码</span>
          <Input
            inputMode="numeric"
            placeholder="6位验证码"
            maxLength={6}
            value={code}
            onChange={(v) => setCode(v.replace(/\D/g, ''))}
            onEnterPress={() => void search()}
            aria-label="验证码"
            autoComplete="one-time-code"
          />
          <Button
            size="small"
            color="primary"
            fill="none"
            disabled={sending || countdown.left > 0}
            loading={sending}
            onClick={() => void sendCode()}
          >
            {countdown.left > 0 ? `${countdown.left}秒后重新获取` : '获取验证码'}
          </Button>
        </div>
      </div>
      {sentTo && (
        <p className="lookup-sent" role="status" data-testid="lookup-sent">
          若信息无误，验证码已发送至 {sentTo}，5分钟内有效
        </p>
      )}
      <p className="lookup-error" role="alert">
        {error}
      </p>
      <Button
        block
        color="primary"
        size="large"
        disabled={!canSearch}
        loading={searching}
        onClick={() => void search()}
      >
        查询保单
      </Button>
    </div>
  )
}

function LookupResult({ policy, onAgain }: { policy: LookedUpPolicy; onAgain: () => void }) {
  const lastDay = policy.expiresAt ? shanghaiDate(Date.parse(policy.expiresAt) - 1) : null
  return (
    <div className="lookup-page" data-testid="lookup-result">
      <section className="lookup-card" aria-label="保单信息">
        <div className="lookup-card-head">
          <h1 className="lookup-product">{policy.productName}</h1>
          <span className="lookup-status">{POLICY_STATUS_TEXT[policy.status]}</span>
        </div>
        <dl className="lookup-facts">
          <div>
            <dt>保单号</dt>
            <dd>{policy.policyNo}</dd>
          </div>
          <div>
            <dt>承保公司</dt>
            <dd>{policy.insurerName}</dd>
          </div>
          <div>
            <dt>保障计划</dt>
            <dd>{policy.planName}</dd>
          </div>
          <div>
            <dt>投保人</dt>
            <dd>{policy.holderName}</dd>
          </div>
          <div>
            <dt>被保险人</dt>
            <dd>
              {policy.insuredName}（{policy.insuredCertNoMasked}）
            </dd>
          </div>
          <div>
            <dt>保障期间</dt>
            <dd>
              {coveragePeriodLabel(policy.coveragePeriod)}，{shanghaiDate(Date.parse(policy.effectiveAt))} 起
              {lastDay ? `至 ${lastDay}` : ''}
            </dd>
          </div>
          <div>
            <dt>保费</dt>
            <dd>
              <PriceText fen={policy.premiumFen} />（{paymentPeriodLabel(policy.paymentPeriod)}）
            </dd>
          </div>
        </dl>
        {policy.coverages.length > 0 && (
          <ul className="lookup-coverages" aria-label="保障内容">
            {policy.coverages.map((c) => (
              <li key={c.name}>
                <span>{c.name}</span>
                <span>{formatCoverageAmount(c.amountFen)}</span>
              </li>
            ))}
          </ul>
        )}
        <p className="muted lookup-note">
          为保护您的信息，部分内容已隐藏；登录后可在“我的保单”查看完整电子保单。
        </p>
      </section>
      <Button block onClick={onAgain}>
        查询其他保单
      </Button>
    </div>
  )
}
