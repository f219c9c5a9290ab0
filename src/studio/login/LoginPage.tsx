// 登录: username and password; the server's message on failure (wrong password, or too many tries: wait N 秒).
import { LockOutlined, UserOutlined } from '@ant-design/icons'
import { Alert, Button, Card, Form, Input, Typography } from 'antd'
import { useState } from 'react'
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom'
import { errorMessage, StudioApiError } from '../api/client'
import { studioApi } from '../api/endpoints'
import { useSession } from '../session'

interface LoginForm {
  username: string
  password: string
}

/** Only a path inside the studio (never another site). */
const safeFrom = (from: string | null) => (from && /^\/(?!\/)/.test(from) && from !== '/login' ? from : '/')

export function LoginPage() {
  const { staff, setStaff } = useSession()
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const [submitting, setSubmitting] = useState(false)
  const [error, setError] = useState<{ message: string; throttled: boolean } | null>(null)
  const from = safeFrom(params.get('from'))
  if (staff) return <Navigate to={from} replace />

  const submit = async ({ username, password }: LoginForm) => {
    setSubmitting(true)
    setError(null)
    try {
      const { staff } = await studioApi.login(username.trim(), password)
      setStaff(staff)
      navigate(from, { replace: true })
    } catch (e) {
      setError({
        message: errorMessage(e),
        throttled: e instanceof StudioApiError && e.code === 'STAFF_LOGIN_THROTTLED',
      })
      setSubmitting(false)
    }
  }

  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        background: 'linear-gradient(135deg, #e6f4ff 0%, #f5f5f5 60%)',
      }}
    >
      <Card style={{ width: 400 }} styles={{ body: { padding: 32 } }}>
        <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>
          国恒运营工作台
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
          使用员工账号登录，搭建和发布活动页面
        </Typography.Paragraph>
        {error && (
          <Alert
            type={error.throttled ? 'warning' : 'error'}
            title={error.message}
            showIcon
            role="alert"
            style={{ marginBottom: 16 }}
          />
        )}
        <Form<LoginForm> layout="vertical" onFinish={submit} requiredMark={false} disabled={submitting}>
          <Form.Item
            label="用户名"
            name="username"
            rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}
          >
            <Input prefix={<UserOutlined aria-hidden />} autoComplete="username" autoFocus size="large" />
          </Form.Item>
          <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password
              prefix={<LockOutlined aria-hidden />}
              autoComplete="current-password"
              size="large"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
            登录
          </Button>
        </Form>
      </Card>
    </div>
  )
}
