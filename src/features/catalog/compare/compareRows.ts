import type { ProductDetail } from '../api'
import { formatCoverageAmount } from '../../../domain/money'
import { formatFen } from '../../../domain/money'
import { coveragePeriodLabel, paymentPeriodLabel } from '../../../domain/periods'
import { ageRangeLabel } from '../../../domain/pricing'

// The comparison table as data: one row per attribute or coverage item, one cell per product.
// Drawn by the screen (HTML) and by the image export (canvas) from the same rows.

export interface CompareRow {
  key: string
  label: string
  group: '基本信息' | '保障内容'
  cells: string[]
  /** True when the products differ on this row: highlighted. */
  differs: boolean
}

export interface CompareColumn {
  id: string
  name: string
  insurerName: string
  planName: string
  minPremiumFen: number
}

const NOT_COVERED = '不保障'

function row(key: string, label: string, group: CompareRow['group'], cells: string[]): CompareRow {
  return { key, label, group, cells, differs: new Set(cells).size > 1 }
}

/** Each product is compared on its first (base) plan. */
export function compareColumns(products: readonly ProductDetail[]): CompareColumn[] {
  return products.map((p) => ({
    id: p.id,
    name: p.name,
    insurerName: p.insurerName,
    planName: p.plans[0]?.name ?? '—',
    minPremiumFen: p.minPremiumFen,
  }))
}

export function compareRows(products: readonly ProductDetail[]): CompareRow[] {
  const rows: CompareRow[] = [
    row(
      'insurer',
      '保险公司',
      '基本信息',
      products.map((p) => p.insurerName),
    ),
    row(
      'plan',
      '对比计划',
      '基本信息',
      products.map((p) => p.plans[0]?.name ?? '—'),
    ),
    row(
      'price',
      '最低保费',
      '基本信息',
      products.map((p) => `¥${formatFen(p.minPremiumFen)}起`),
    ),
    row(
      'age',
      '投保年龄',
      '基本信息',
      products.map((p) => ageRangeLabel(p)),
    ),
    row(
      'coverage',
      '保障期间',
      '基本信息',
      products.map((p) => p.coveragePeriods.map(coveragePeriodLabel).join('、') || '—'),
    ),
    row(
      'payment',
      '交费期间',
      '基本信息',
      products.map((p) => p.paymentPeriods.map(paymentPeriodLabel).join('、') || '—'),
    ),
    row(
      'waiting',
      '等待期',
      '基本信息',
      products.map((p) => (p.waitingPeriodDays > 0 ? `${p.waitingPeriodDays}天` : '无')),
    ),
    row(
      'coolingOff',
      '犹豫期',
      '基本信息',
      products.map((p) => (p.coolingOffDays > 0 ? `${p.coolingOffDays}天` : '无')),
    ),
    row(
      'rating',
      '用户评分',
      '基本信息',
      products.map((p) => p.rating.toFixed(1)),
    ),
  ]
  // Every coverage item any product has, in first-seen order; absent ones read 不保障.
  const names: string[] = []
  for (const p of products)
    for (const c of p.plans[0]?.coverages ?? []) if (!names.includes(c.name)) names.push(c.name)
  for (const name of names) {
    rows.push(
      row(
        `coverage:${name}`,
        name,
        '保障内容',
        products.map((p) => {
          const item = p.plans[0]?.coverages.find((c) => c.name === name)
          return item ? formatCoverageAmount(item.amountFen) : NOT_COVERED
        }),
      ),
    )
  }
  return rows
}
