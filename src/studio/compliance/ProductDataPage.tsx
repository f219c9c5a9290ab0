// 产品资料 (发布员 and up): a product's 投保须知 and one plan's premium table. Saving either puts a new version of the
// product page (and of the notice) online and takes the one before offline; sales already made keep pointing at
// the version their buyer saw (产品页面版本 lists them).
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { Alert, App, Button, Card, Empty, Input, InputNumber, Select, Space, Table, Typography } from 'antd'
import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import useSWR from 'swr'
import { parseYuan } from '../../domain/money'
import type { PremiumRate } from '../../types/generated/api/catalog'
import { catalogApi, productsPath } from '../api/catalog'
import { errorMessage } from '../api/client'
import { complianceApi } from '../api/compliance'
import type { PremiumRatesInput, ProductVersions, SalesPageVersionSummary } from '../api/types'
import { productDataHref, productVersionsHref } from '../paths'
import { useProductVersions, useSalesPageVersion } from './hooks'
import { documentContent, documentKey, productContent } from './trail'
import './compliance.css'

/** The server's bound (an int4 column). */
const MAX_PREMIUM_FEN = 2_147_483_647
const current = (versions: SalesPageVersionSummary[] | undefined) =>
  versions?.find((v) => v.offlineAt === null) ??
  [...(versions ?? [])].sort((a, b) => b.version - a.version)[0]

/** A premium row as edited: the premium as the 元 typed. */
interface RateRow extends Omit<PremiumRate, 'premiumFen'> {
  key: number
  yuan: string
}

const fenToYuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`

function NoticeEditor({
  productId,
  versions,
  onSaved,
}: {
  productId: string
  versions: ProductVersions
  onSaved: (versions: ProductVersions) => void
}) {
  const { message } = App.useApp()
  const notice = current(versions.documents.find((d) => d.key === documentKey(productId, 'notice'))?.versions)
  const loaded = useSalesPageVersion(notice?.id)
  const [text, setText] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const value = text ?? documentContent(loaded.data)?.markdown ?? ''
  const save = async () => {
    if (!value.trim()) {
      message.error('投保须知不能为空')
      return
    }
    setSaving(true)
    try {
      onSaved(await complianceApi.saveNotice(productId, { notice: value }))
      setText(null)
      message.success('投保须知已保存，新版本已上线')
    } catch (error) {
      message.error(errorMessage(error))
    } finally {
      setSaving(false)
    }
  }
  return (
    <Card
      title={`投保须知${notice ? `（当前第 ${notice.version} 版）` : ''}`}
      style={{ marginBottom: 16 }}
      extra={
        <Button type="primary" loading={saving} disabled={text === null} onClick={() => void save()}>
          保存投保须知
        </Button>
      }
    >
      {loaded.error && (
        <Alert type="error" showIcon title={`投保须知加载失败：${errorMessage(loaded.error)}`} />
      )}
      <Input.TextArea
        aria-label="投保须知（Markdown）"
        value={value}
        onChange={(event) => setText(event.target.value)}
        autoSize={{ minRows: 8, maxRows: 24 }}
        disabled={saving || loaded.isLoading}
      />
    </Card>
  )
}

function RatesEditor({
  productId,
  versions,
  onSaved,
}: {
  productId: string
  versions: ProductVersions
  onSaved: (versions: ProductVersions) => void
}) {
  const { message } = App.useApp()
  const page = useSalesPageVersion(current(versions.product)?.id)
  const product = productContent(page.data)
  const [planCode, setPlanCode] = useState<string | undefined>()
  const [rows, setRows] = useState<RateRow[] | null>(null)
  const [saving, setSaving] = useState(false)
  if (page.error)
    return <Alert type="error" showIcon title={`产品资料加载失败：${errorMessage(page.error)}`} />
  if (!product) return <Card loading={page.isLoading} title="费率表" />
  const plan = product.plans.find((p) => p.code === planCode) ?? product.plans[0]
  if (!plan) return <Empty description="这个产品没有保障计划" />
  let nextKey = 0
  const shown: RateRow[] =
    rows ??
    plan.premiumRates.map(({ premiumFen, ...rate }) => ({
      ...rate,
      key: nextKey++,
      yuan: fenToYuan(premiumFen),
    }))
  /** A column whose cell picks one of `options` for the row's `field`. */
  const choice = <F extends 'gender' | 'coveragePeriod' | 'paymentPeriod' | 'socialInsurance'>(
    title: string,
    field: F,
    width: number,
    options: { value: RateRow[F]; label: string }[],
  ) => ({
    title,
    key: field,
    render: (_: unknown, row: RateRow) => (
      <Select<RateRow[F]>
        aria-label={title}
        value={row[field]}
        style={{ width }}
        options={options}
        onChange={(value) => edit(row.key, { [field]: value })}
      />
    ),
  })
  const edit = (key: number, change: Partial<RateRow>) =>
    setRows(shown.map((row) => (row.key === key ? { ...row, ...change } : row)))

  const save = async () => {
    const rates = shown.map(({ key: _key, yuan, ...rate }) => ({
      ...rate,
      premiumFen: parseYuan(yuan, MAX_PREMIUM_FEN),
    }))
    const bad = rates.findIndex(
      (r) => r.premiumFen === null || r.ageMin > r.ageMax || !r.coveragePeriod || !r.paymentPeriod,
    )
    if (rates.length === 0) return void message.error('费率表至少要有一行')
    if (bad >= 0)
      return void message.error(`第 ${bad + 1} 行有误：请检查年龄范围、期间和保费（元，最多两位小数）`)
    setSaving(true)
    try {
      const input = { planCode: plan.code, rates } as PremiumRatesInput
      onSaved(await complianceApi.savePremiumRates(productId, input))
      setRows(null)
      message.success(`「${plan.name}」的费率表已保存，新版本已上线`)
      await page.mutate()
    } catch (error) {
      message.error(errorMessage(error))
    } finally {
      setSaving(false)
    }
  }
  const maxKey = shown.reduce((max, row) => Math.max(max, row.key), -1)
  return (
    <Card
      title="费率表"
      extra={
        <Space>
          <Select
            aria-label="保障计划"
            value={plan.code}
            style={{ width: 200 }}
            options={product.plans.map((p) => ({ value: p.code, label: p.name }))}
            onChange={(code: string) => {
              setPlanCode(code)
              setRows(null)
            }}
          />
          <Button type="primary" loading={saving} disabled={rows === null} onClick={() => void save()}>
            保存费率表
          </Button>
        </Space>
      }
    >
      <Table<RateRow>
        rowKey="key"
        size="small"
        pagination={shown.length > 50 ? { pageSize: 50 } : false}
        dataSource={shown}
        columns={[
          {
            title: '年龄',
            key: 'age',
            render: (_: unknown, row) => (
              <Space size={4}>
                <InputNumber
                  aria-label="最小年龄"
                  min={0}
                  max={120}
                  value={row.ageMin}
                  onChange={(v) => edit(row.key, { ageMin: v ?? 0 })}
                />
                –
                <InputNumber
                  aria-label="最大年龄"
                  min={0}
                  max={120}
                  value={row.ageMax}
                  onChange={(v) => edit(row.key, { ageMax: v ?? 0 })}
                />
              </Space>
            ),
          },
          choice('性别', 'gender', 80, [
            { value: 'ANY', label: '不限' },
            { value: 'M', label: '男' },
            { value: 'F', label: '女' },
          ]),
          choice(
            '保障期间',
            'coveragePeriod',
            100,
            product.coveragePeriods.map((p) => ({ value: p, label: p })),
          ),
          choice(
            '交费期间',
            'paymentPeriod',
            100,
            product.paymentPeriods.map((p) => ({ value: p, label: p })),
          ),
          choice('社保', 'socialInsurance', 90, [
            { value: 'ANY', label: '不限' },
            { value: 'Y', label: '有社保' },
            { value: 'N', label: '无社保' },
          ]),
          {
            title: '保费（元）',
            key: 'yuan',
            render: (_: unknown, row) => (
              <Input
                aria-label="保费（元）"
                value={row.yuan}
                style={{ width: 120 }}
                status={parseYuan(row.yuan, MAX_PREMIUM_FEN) === null ? 'error' : undefined}
                onChange={(event) => edit(row.key, { yuan: event.target.value })}
              />
            ),
          },
          {
            title: '',
            key: 'remove',
            width: 60,
            render: (_: unknown, row) => (
              <Button
                type="text"
                danger
                aria-label="删除这一行"
                icon={<DeleteOutlined aria-hidden />}
                onClick={() => setRows(shown.filter((r) => r.key !== row.key))}
              />
            ),
          },
        ]}
      />
      <Button
        icon={<PlusOutlined aria-hidden />}
        style={{ marginTop: 8 }}
        onClick={() =>
          setRows([
            ...shown,
            {
              key: maxKey + 1,
              ageMin: 0,
              ageMax: 60,
              gender: 'ANY',
              coveragePeriod: product.coveragePeriods[0] ?? '1y',
              paymentPeriod: product.paymentPeriods[0] ?? 'single',
              socialInsurance: 'ANY',
              yuan: '',
            },
          ])
        }
      >
        添加一行
      </Button>
    </Card>
  )
}

export function ProductDataPage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const productId = params.get('product') ?? undefined
  const products = useSWR(['studio', 'catalog', 'products-for-data'], () =>
    catalogApi.products(productsPath({ limit: 50 })),
  )
  const versions = useProductVersions(productId)
  const saved = (next: ProductVersions) => void versions.mutate(next, { revalidate: false })
  return (
    <div className="trail-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        产品资料
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        修改投保须知或费率表会生成产品页面的新版本并立即上线，之前的版本下线但仍保留，已成交的销售仍指向买家当时看到的版本。
      </Typography.Paragraph>
      <Space style={{ marginBottom: 16 }}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          aria-label="产品"
          placeholder="选择产品"
          style={{ width: 280 }}
          loading={products.isLoading}
          value={productId}
          options={(products.data?.items ?? []).map((p) => ({ value: p.id, label: p.name }))}
          onChange={(id: string) => navigate(productDataHref(id))}
        />
        {productId && (
          <Button type="link" onClick={() => navigate(productVersionsHref(productId))}>
            查看产品页面版本
          </Button>
        )}
      </Space>
      {!productId && <Empty description="请选择一个产品" />}
      {versions.error && (
        <Alert type="error" showIcon title={`产品资料加载失败：${errorMessage(versions.error)}`} />
      )}
      {productId && versions.data && (
        <div key={productId}>
          <NoticeEditor productId={productId} versions={versions.data} onSaved={saved} />
          <RatesEditor productId={productId} versions={versions.data} onSaved={saved} />
        </div>
      )}
    </div>
  )
}
