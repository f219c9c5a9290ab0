// 服务工单 (客服 and 管理员): three desks in tabs, the tab in the address (?tab=feedback|claims|appointments) so a
// reload or a link opens the same desk. Lists show personal data masked; opening a case is audited.
import { Tabs, Typography } from 'antd'
import { useSearchParams } from 'react-router-dom'
import { AppointmentsDesk } from './AppointmentsDesk'
import { ClaimsDesk } from './ClaimsDesk'
import { FeedbackDesk } from './FeedbackDesk'

const TABS = ['feedback', 'claims', 'appointments'] as const
type Tab = (typeof TABS)[number]
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab)

export function CasesPage() {
  const [params, setParams] = useSearchParams()
  const raw = params.get('tab')
  const tab: Tab = isTab(raw) ? raw : 'feedback'
  return (
    <div style={{ padding: 24, maxWidth: 1328 }}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        服务工单
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        回复用户的意见反馈，受理理赔申请，确认或调整顾问预约。每一步都会通过消息中心通知用户；查看个人信息和每次操作都会记入操作日志。
      </Typography.Paragraph>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'feedback' ? {} : { tab: key })}
        destroyOnHidden
        items={[
          { key: 'feedback', label: '意见反馈', children: <FeedbackDesk /> },
          { key: 'claims', label: '理赔受理', children: <ClaimsDesk /> },
          { key: 'appointments', label: '预约管理', children: <AppointmentsDesk /> },
        ]}
      />
    </div>
  )
}
