// The signed-in frame: a side menu (页面, 操作日志, 合作方状态, 员工管理 for admins) and a header naming who is signed in.
import {
  AuditOutlined,
  DashboardOutlined,
  FileTextOutlined,
  LogoutOutlined,
  TeamOutlined,
} from '@ant-design/icons'
import { App, Button, Layout, Menu, Space, Tag, Typography } from 'antd'
import { Outlet, useLocation, useNavigate } from 'react-router-dom'
import { errorMessage } from '../api/client'
import { studioApi } from '../api/endpoints'
import { studioPaths } from '../paths'
import { hasRole, ROLE_NAMES, useSession, useStaff } from '../session'

const { Sider, Header, Content } = Layout

export function StudioLayout() {
  const staff = useStaff()
  const { setStaff } = useSession()
  const navigate = useNavigate()
  const location = useLocation()
  const { message } = App.useApp()
  const selected = location.pathname.startsWith(studioPaths.staff)
    ? 'staff'
    : location.pathname.startsWith(studioPaths.audit)
      ? 'audit'
      : location.pathname.startsWith(studioPaths.partnerHealth)
        ? 'partnerHealth'
        : 'pages'
  const items = [
    { key: 'pages', icon: <FileTextOutlined aria-hidden />, label: '页面', path: studioPaths.pages },
    { key: 'audit', icon: <AuditOutlined aria-hidden />, label: '操作日志', path: studioPaths.audit },
    {
      key: 'partnerHealth',
      icon: <DashboardOutlined aria-hidden />,
      label: '合作方状态',
      path: studioPaths.partnerHealth,
    },
    ...(hasRole(staff, 'admin')
      ? [{ key: 'staff', icon: <TeamOutlined aria-hidden />, label: '员工管理', path: studioPaths.staff }]
      : []),
  ]
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
          selectedKeys={[selected]}
          items={items.map(({ key, icon, label }) => ({ key, icon, label }))}
          onClick={({ key }) => navigate(items.find((item) => item.key === key)?.path ?? '/')}
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
