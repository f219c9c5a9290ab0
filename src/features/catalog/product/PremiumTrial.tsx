import { useState, type ReactNode } from 'react'
import { Choices } from '../../../components/Choices'
import { List } from 'antd-mobile'
import { DateWheel, preloadSheets } from '../../../components/sheets/LazySheets'
import type { ProductDetail, Quote } from '../api'
import { PriceText } from '../../../components/PriceText'
import { chineseWheelLabel } from '../../../domain/dates'
import { addDays, addYears, ageOn, formatIsoDate } from '../../../domain/age'
import { coveragePeriodLabel, paymentPeriodLabel, premiumCadenceLabel } from '../../../domain/periods'
import { ageRangeLabel } from '../../../domain/pricing'
import { describeError } from '../../../lib/request'
import { changeFactors, coverageOptions, paymentOptions, type TrialFactors } from './trialFactors'

interface PremiumTrialProps {
  product: ProductDetail
  factors: TrialFactors
  onChange: (next: TrialFactors) => void
  today: string
  quote: { data?: Quote; error?: unknown; isLoading: boolean }
}

const toDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number)
  return new Date(y, m - 1, d)
}
const fromDate = (date: Date) =>
  formatIsoDate({ year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() })

/** 保费试算: the factors of docs/architecture.md, priced by the server on every change. */
export function PremiumTrial({ product, factors, onChange, today, quote }: PremiumTrialProps) {
  const [pickingBirth, setPickingBirth] = useState(false)
  const plan = product.plans.find((p) => p.code === factors.planCode)
  const set = (patch: Partial<TrialFactors>) => onChange(changeFactors(product, factors, patch))
  const single = <T extends string>(values: T[], apply: (v: T) => void) => {
    // Selector allows deselecting; a factor must always have a value.
    if (values[0]) apply(values[0])
  }
  const age = ageOn(factors.birthDate, today)

  return (
    <section className="section premium-trial" aria-label="保费试算">
      <h2 className="section-title">保费试算</h2>
      {/* A finger on the birth date starts loading its wheel. */}
      <div onPointerDown={preloadSheets}>
        <List className="trial-form">
          <List.Item extra={ageRangeLabel(product)}>投保年龄</List.Item>
          <List.Item
            clickable
            onClick={() => setPickingBirth(true)}
            extra={
              <span data-testid="trial-birth-date">
                {factors.birthDate}（{Math.max(age, 0)}周岁）
              </span>
            }
          >
            被保险人出生日期
          </List.Item>
        </List>
      </div>
      <DateWheel
        title="被保险人出生日期"
        visible={pickingBirth}
        onClose={() => setPickingBirth(false)}
        precision="day"
        renderLabel={chineseWheelLabel}
        min={toDate(addDays(addYears(today, -(product.ageMax + 1)), 1))}
        max={toDate(today)}
        value={toDate(factors.birthDate)}
        onConfirm={(date) => set({ birthDate: fromDate(date) })}
      />
      <TrialRow label="保障计划">
        <Choices
          columns={Math.min(product.plans.length, 3)}
          options={product.plans.map((p) => ({ label: p.name, value: p.code }))}
          value={[factors.planCode]}
          onChange={(v) => single(v, (planCode) => set({ planCode }))}
        />
      </TrialRow>
      <TrialRow label="性别">
        <Choices
          columns={2}
          options={[
            { label: '男', value: 'M' as const },
            { label: '女', value: 'F' as const },
          ]}
          value={[factors.gender]}
          onChange={(v) => single(v, (gender) => set({ gender }))}
        />
      </TrialRow>
      <TrialRow label="保障期间">
        <Choices
          columns={3}
          options={coverageOptions(product, plan).map((c) => ({ label: coveragePeriodLabel(c), value: c }))}
          value={[factors.coveragePeriod]}
          onChange={(v) => single(v, (coveragePeriod) => set({ coveragePeriod }))}
        />
      </TrialRow>
      <TrialRow label="交费期间">
        <Choices
          columns={3}
          options={paymentOptions(product, plan, factors.coveragePeriod).map((p) => ({
            label: paymentPeriodLabel(p),
            value: p,
          }))}
          value={[factors.paymentPeriod]}
          onChange={(v) => single(v, (paymentPeriod) => set({ paymentPeriod }))}
        />
      </TrialRow>
      <TrialRow label="社保情况">
        <Choices
          columns={2}
          options={[
            { label: '有社保', value: 'Y' as const },
            { label: '无社保', value: 'N' as const },
          ]}
          value={[factors.socialInsurance]}
          onChange={(v) => single(v, (socialInsurance) => set({ socialInsurance }))}
        />
      </TrialRow>
      <TrialResult factors={factors} quote={quote} />
    </section>
  )
}

function TrialRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="trial-row" role="group" aria-label={label}>
      <div className="trial-row-label">{label}</div>
      {children}
    </div>
  )
}

function TrialResult({ factors, quote }: Pick<PremiumTrialProps, 'factors' | 'quote'>) {
  if (quote.error)
    return (
      <p className="trial-result trial-refused" role="alert" data-testid="trial-result">
        {describeError(quote.error)}
      </p>
    )
  if (!quote.data)
    return (
      <p className="trial-result muted" data-testid="trial-result">
        {quote.isLoading ? '正在计算保费…' : '请选择投保条件'}
      </p>
    )
  return (
    <div className="trial-result" data-testid="trial-result" aria-live="polite" aria-busy={quote.isLoading}>
      <div>
        试算保费{' '}
        <PriceText
          fen={quote.data.premiumFen}
          suffix={premiumCadenceLabel(factors.paymentPeriod)}
          className="trial-price"
        />
      </div>
      <div className="muted">
        {quote.data.effectiveDate} 生效，被保险人届时 {quote.data.ageOnEffectiveDate} 周岁
      </div>
    </div>
  )
}
