// 活动运营: pick a campaign, then 竞猜结果 (a guessing game's results, 发布员), 中奖名单 (masked winners, shipping of
// physical prizes, CSV) and 奖品库存 (top-ups with a reason, 发布员). The campaign is in the address (?campaign=).
import { Alert, Card, Select, Space, Tabs, Typography } from 'antd'
import { useSearchParams } from 'react-router-dom'
import { errorMessage } from '../api/client'
import { hasRole, useStaff } from '../session'
import { GuessResultsPanel } from './GuessResultsPanel'
import { useOpsCampaigns } from './hooks'
import { StockPanel } from './StockPanel'
import { WinnersPanel } from './WinnersPanel'
import { CAMPAIGN_KIND_NAMES } from './words'

export function OperationsPage() {
  const staff = useStaff()
  const publisher = hasRole(staff, 'publisher')
  const [params, setParams] = useSearchParams()
  const campaigns = useOpsCampaigns()
  const items = campaigns.data?.items ?? []
  const id = params.get('campaign') ?? items[0]?.id ?? null
  const current = items.find((c) => c.id === id) ?? null
  const tabs = current
    ? [
        ...(publisher && current.kind === 'guess'
          ? [{ key: 'guess', label: '竞猜结果', children: <GuessResultsPanel campaignId={current.id} /> }]
          : []),
        {
          key: 'winners',
          label: '中奖名单',
          children: <WinnersPanel campaignId={current.id} canShip={publisher} />,
        },
        ...(publisher
          ? [{ key: 'stock', label: '奖品库存', children: <StockPanel campaignId={current.id} /> }]
          : []),
      ]
    : []
  return (
    <div style={{ padding: 24 }}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          活动运营
        </Typography.Title>
        {campaigns.error && <Alert type="error" showIcon title={errorMessage(campaigns.error)} />}
        <Space wrap>
          <span>活动</span>
          <Select
            aria-label="选择活动"
            style={{ minWidth: 360 }}
            loading={campaigns.isLoading}
            value={current?.id}
            placeholder="请选择活动"
            options={items.map((c) => ({
              value: c.id,
              label: `${c.title}（${CAMPAIGN_KIND_NAMES[c.kind] ?? c.kind}）`,
            }))}
            onChange={(value: string) => setParams({ campaign: value }, { replace: true })}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Space>
        {current ? (
          <Card size="small">
            <Tabs key={current.id} items={tabs} destroyOnHidden />
          </Card>
        ) : (
          !campaigns.isLoading && <Alert type="info" showIcon title="暂无活动" />
        )}
      </Space>
    </div>
  )
}
