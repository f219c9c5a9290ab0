import { useMemo, useState } from 'react'
import { Choices } from '../../components/Choices'
import { Button } from 'antd-mobile'
import { NumberStepper } from '../../components/NumberStepper'
import type { CalculatorBlock as Props } from '../../types/generated/page'
import { projectFund, requiredAnnualPremium, type FundPlan } from '../../domain/fund'
import { formatFen } from '../../domain/money'
import { useBlockRuntime, type BlockProps } from '../runtime'
import { useBlockAction } from '../useBlockAction'
import { LineChart } from '../shared/LineChart'

const COLORS = ['#fa8c16', '#52c41a', '#722ed1']
const yuan = (fen: number) => `${formatFen(fen)}元`
/** Room the payment-year options need side by side: "10年交" at 14px plus padding, 6px apart. */
const optionsWidth = (columns: number) => columns * 52 + (columns - 1) * 6

/** A value-axis label in yuan: 8000, 2.5万, 40万. */
const axisYuan = (v: number) =>
  Math.abs(v) >= 10000 ? `${Number((v / 10000).toFixed(1))}万` : String(Math.round(v))
const DISCLAIMER =
  '演示利率仅用于说明，不代表对未来收益的承诺；保证利益以保险合同为准，实际收益可能低于演示水平。'

/** Rows to show: every 5th policy year, the payment end, payout ages, and the last year. */
function keyRows<T extends { policyYear: number; age: number }>(
  rows: readonly T[],
  paymentYears: number,
): T[] {
  return rows.filter(
    (r, i) =>
      r.policyYear % 5 === 0 || r.policyYear === paymentYears || r.policyYear === 1 || i === rows.length - 1,
  )
}

export default function CalculatorBlock({ block }: BlockProps<Props>) {
  const { text } = useBlockRuntime()
  const apply = useBlockAction(block.applyAction)
  const [age, setAge] = useState(block.age.default)
  const [years, setYears] = useState(block.paymentYears.default)
  const [premiumFen, setPremiumFen] = useState(block.premium.defaultFen)
  const [targetFen, setTargetFen] = useState(block.target?.defaultFen ?? 0)
  const plan: Omit<FundPlan, 'annualPremiumFen'> = {
    paymentYears: years,
    entryAge: age,
    toAge: block.toAge,
    firstYearChargeRate: block.firstYearChargeRate,
    payout: block.payout,
  }
  const rates = [
    { label: '保证', rate: block.rates.guaranteed },
    ...block.rates.illustrated.map((r) => ({ label: `演示（${r.label}）`, rate: r.rate })),
  ]

  const reversal = useMemo(() => {
    if (block.mode !== 'reversal' || !block.target) return null
    const target =
      block.target.kind === 'value'
        ? { kind: 'value' as const, atAge: block.target.atAge ?? block.toAge, amountFen: targetFen }
        : { kind: 'payout' as const, amountFen: targetFen }
    return rates.map((r) => ({
      ...r,
      premiumFen: requiredAnnualPremium(plan, target, r.rate, { stepFen: 100, maxFen: block.premium.maxFen }),
    }))
    // eslint-disable-next-line react-hooks/exhaustive-deps -- plan and rates derive from the listed inputs
  }, [block, age, years, targetFen])
  const effectivePremium = reversal?.[0]?.premiumFen ?? premiumFen
  const projections = useMemo(
    () =>
      rates.map((r) => ({
        ...r,
        rows: projectFund({ ...plan, annualPremiumFen: effectivePremium }, r.rate),
      })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- plan and rates derive from the listed inputs
    [block, age, years, effectivePremium],
  )
  const base = projections[0].rows
  const shown = keyRows(base, years)
  const yuanStep = block.premium.stepFen / 100

  return (
    <div className="blk-calc">
      <h3 className="blk-section-title">{text(block.productName)}</h3>
      <div className="blk-calc-field">
        <label>被保险人年龄</label>
        <NumberStepper
          label="被保险人年龄"
          min={block.age.min}
          max={block.age.max}
          value={age}
          onChange={setAge}
        />
        <span>周岁</span>
      </div>
      <div className="blk-calc-field blk-calc-years">
        <label>交费年期</label>
        <Choices
          // Beside the label while every option fits on one line; on a narrow screen, on a row of its own.
          style={{ flexBasis: optionsWidth(Math.min(block.paymentYears.options.length, 4)) }}
          columns={Math.min(block.paymentYears.options.length, 4)}
          options={block.paymentYears.options.map((y) => ({
            label: y === 1 ? '趸交' : `${y}年交`,
            value: y,
          }))}
          value={[years]}
          onChange={(v) => v.length && setYears(v[0])}
        />
      </div>
      {block.mode === 'reversal' && block.target ? (
        <div className="blk-calc-field">
          <label>{text(block.target.label)}</label>
          <NumberStepper
            label={text(block.target.label)}
            min={block.target.minFen / 100}
            max={block.target.maxFen / 100}
            step={10000}
            value={targetFen / 100}
            onChange={(v) => setTargetFen(Math.round(v * 100))}
          />
          <span>元</span>
        </div>
      ) : (
        <div className="blk-calc-field">
          <label>年交保费</label>
          <NumberStepper
            label="年交保费"
            min={block.premium.minFen / 100}
            max={block.premium.maxFen / 100}
            step={yuanStep}
            value={premiumFen / 100}
            onChange={(v) => setPremiumFen(Math.round(v * 100))}
          />
          <span>元</span>
        </div>
      )}

      {reversal && (
        <div className="blk-calc-reversal" data-testid="calc-reversal">
          {reversal.map((r) => (
            <div key={r.label} className={r.label === '保证' ? 'guaranteed' : 'illustrated'}>
              <span>
                {r.label}利率 {(r.rate * 100).toFixed(2)}% 下需年交
              </span>
              <strong>
                {r.premiumFen === null ? `超过 ${yuan(block.premium.maxFen)}` : yuan(r.premiumFen)}
              </strong>
            </div>
          ))}
          <p className="blk-note">
            下表按保证利率所需保费 {reversal[0].premiumFen === null ? '（已超上限）' : yuan(effectivePremium)}{' '}
            演示。
          </p>
        </div>
      )}

      <div className="blk-calc-summary">
        <div>
          <span>总保费</span>
          <strong>{yuan(effectivePremium * years)}</strong>
        </div>
        <div>
          <span>{block.toAge}岁保证价值</span>
          <strong data-testid="calc-guaranteed">{yuan(base[base.length - 1]?.valueFen ?? 0)}</strong>
        </div>
        {block.payout && (
          <div>
            <span>{text(block.payout.label ?? '每年领取')}</span>
            <strong>{yuan(Math.round(effectivePremium * years * block.payout.ratioOfTotalPremium))}</strong>
          </div>
        )}
      </div>

      <LineChart
        labels={base.map((r) => `${r.age}岁`)}
        series={projections.map((p, i) => ({
          name: p.label,
          color: i === 0 ? 'var(--adm-color-primary)' : COLORS[(i - 1) % COLORS.length],
          dashed: i > 0,
          values: p.rows.map((r) => r.valueFen / 100),
        }))}
        format={axisYuan}
      />

      <div className="blk-table-scroll" role="region" aria-label="逐年利益表" tabIndex={0}>
        <table className="blk-calc-table">
          <thead>
            <tr>
              <th>保单年度</th>
              <th>年龄</th>
              <th>累计保费</th>
              {block.payout && <th>当年领取</th>}
              {projections.map((p) => (
                <th key={p.label} className={p.label === '保证' ? 'guaranteed' : 'illustrated'}>
                  {p.label}价值
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.policyYear}>
                <td>{row.policyYear}</td>
                <td>{row.age}</td>
                <td>{formatFen(row.paidFen)}</td>
                {block.payout && <td>{formatFen(row.payoutFen)}</td>}
                {projections.map((p) => (
                  <td key={p.label}>{formatFen(p.rows[row.policyYear - 1]?.valueFen ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="blk-note blk-calc-disclaimer">{text(block.disclaimer ?? DISCLAIMER)}</p>
      {block.applyAction && (
        <Button
          block
          color="primary"
          size="large"
          shape="rounded"
          onClick={apply.onClick}
          loading={apply.busy}
          disabled={apply.busy}
        >
          立即投保
        </Button>
      )}
    </div>
  )
}
