// The signed-in frame: a side menu (页面, 操作日志, 合作方状态 for page work; 销售过程回溯 for 合规 and admins; 产品页面版本
// for everyone; 产品资料 for publishers; 员工管理 for admins) and a header naming who is signed in.
import {
  AuditOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  FileTextOutlined,
  GiftOutlined,
  HistoryOutlined,
  LineChartOutlined,
  LogoutOutlined,
  MessageOutlined,
  ProfileOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
} from '@ant-design/icons'
import { App, Badge, Button, Layout, Menu, Space, Tag, Typography } from 'antd'
import { Outlet, useLocation, useNavigate } from 'react-router-dom'
import { errorMessage } from '../api/client'
import { studioApi } from '../api/endpoints'
import { useWaitingCount } from '../desk/hooks'
import { studioPaths } from '../paths'
import { canReviewSales, hasRole, ROLE_NAMES, useSession, useStaff } from '../session'

const { Sider, Header, Content } = Layout

export function StudioLayout() {
  const staff = useStaff()
  const { setStaff } = useSession()
  const navigate = useNavigate()
  const location = useLocation()
  const { message } = App.useApp()
  const pageWork = hasRole(staff, 'editor')
  const waiting = useWaitingCount(hasRole(staff, 'agent'))
  const items = [
    ...(pageWork
      ? [
          { key: 'pages', icon: <FileTextOutlined aria-hidden />, label: '页面', path: studioPaths.pages },
          { key: 'audit', icon: <AuditOutlined aria-hidden />, label: '操作日志', path: studioPaths.audit },
          {
            key: 'partnerHealth',
            icon: <DashboardOutlined aria-hidden />,
            label: '合作方状态',
            path: studioPaths.partnerHealth,
          },
          {
            key: 'operations',
            icon: <GiftOutlined aria-hidden />,
            label: '活动运营',
            path: studioPaths.operations,
          },
          {
            key: 'analytics',
            icon: <LineChartOutlined aria-hidden />,
            label: '数据分析',
            path: studioPaths.analytics,
          },
        ]
      : []),
    ...(canReviewSales(staff)
      ? [
          {
            key: 'compliance',
            icon: <SafetyCertificateOutlined aria-hidden />,
            label: '销售过程回溯',
            path: studioPaths.compliance,
          },
        ]
      : []),
    ...(hasRole(staff, 'agent')
      ? [
          {
            key: 'desk',
            icon: <MessageOutlined aria-hidden />,
            label: (
              <span>
                在线客服
                {waiting ? (
                  <Badge count={waiting} size="small" offset={[6, -2]} title={`${waiting} 个会话在排队`} />
                ) : null}
              </span>
            ),
            path: studioPaths.desk,
          },
        ]
      : []),
    ...(hasRole(staff, 'agent')
      ? [
          {
            key: 'cases',
            icon: <CustomerServiceOutlined aria-hidden />,
            label: '服务工单',
            path: studioPaths.cases,
          },
        ]
      : []),
    {
      key: 'productVersions',
      icon: <HistoryOutlined aria-hidden />,
      label: '产品页面版本',
      path: studioPaths.productVersionsHome,
    },
    ...(hasRole(staff, 'publisher')
      ? [
          {
            key: 'productData',
            icon: <ProfileOutlined aria-hidden />,
            label: '产品资料',
            path: studioPaths.productData,
          },
        ]
      : []),
    ...(hasRole(staff, 'admin')
      ? [{ key: 'staff', icon: <TeamOutlined aria-hidden />, label: '员工管理', path: studioPaths.staff }]
      : []),
  ]
  // The menu entry of the address: the longest path it starts with (the pages list, `/`, is the rest).
  const selected =
    items
      .filter((item) => item.path !== studioPaths.pages && location.pathname.startsWith(item.path))
      .sort((a, b) => b.path.length - a.path.length)[0]?.key ?? (pageWork ? 'pages' : '')
  const logout = async () => {
    try {
      await studioApi.logout()
      setStaff(null)
    } catch (error) {
      message.error(errorMessage(error))
    }
  }
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Sider width={200} theme="dark" breakpoint="lg" collapsedWidth={64}>
        <div
          style={{
            color: '#fff',
            fontWeight: 600,
            fontSize: 16,
            height: 56,
            lineHeight: '56px',
            padding: '0 20px',
            whiteSpace: 'nowrap',
            overflow: 'hidden',
          }}
        >
          国恒运营工作台
        </div>
        <Menu
          theme="dark"
          mode="inline"
          aria-label="主菜单"
          selectedKeys={selected ? [selected] : []}
          items={items.map(({ key, icon, label }) => ({ key, icon, label }))}
          onClick={({ key }) => {
            const item = items.find((entry) => entry.key === key)
            if (item) navigate(item.path)
          }}
        />
      </Sider>
      <Layout>
        <Header
          style={{
            background: '#fff',
            padding: '0 24px',
            display: 'flex',
            justifyContent: 'flex-end',
            alignItems: 'center',
            height: 56,
            borderBottom: '1px solid #f0f0f0',
          }}
        >
          <Space size="middle">
            <Typography.Text data-testid="studio-user">{staff.displayName}</Typography.Text>
            <Tag color="blue">{ROLE_NAMES[staff.role]}</Tag>
            <Button icon={<LogoutOutlined aria-hidden />} onClick={logout}>
              退出
            </Button>
          </Space>
        </Header>
        <Content style={{ minWidth: 0 }}>
          <Outlet />
        </Content>
      </Layout>
    </Layout>
  )
}
