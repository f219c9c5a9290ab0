// 员工管理 (admins): the staff accounts; add one, change a role, disable or enable, reset a password.
import { PlusOutlined } from '@ant-design/icons'
import { Alert, App, Button, Form, Input, Modal, Result, Select, Space, Table, Tag, Typography } from 'antd'
import { useState } from 'react'
import { errorMessage } from '../api/client'
import { studioApi } from '../api/endpoints'
import { useStaffList } from '../api/hooks'
import type { StaffAccount, StaffRole } from '../api/types'
import { timeColumn } from '../format'
import { hasRole, ROLE_NAMES, useStaff } from '../session'

// 合规 reads the sales trail only (销售过程回溯), 客服 works the service desk: no page work.
const ROLE_OPTIONS = (['editor', 'publisher', 'admin', 'compliance', 'agent'] as const).map((role) => ({
  value: role,
  label: ROLE_NAMES[role],
}))
const PASSWORD_RULES = [
  { required: true, message: '请输入密码' },
  { min: 10, message: '密码至少 10 位' },
]

interface AddForm {
  username: string
  displayName: string
  role: StaffRole
  password: string
}

export function StaffPage() {
  const me = useStaff()
  const { data, error, isLoading, mutate } = useStaffList()
  const { message, modal } = App.useApp()
  const [adding, setAdding] = useState(false)
  const [resetting, setResetting] = useState<StaffAccount | null>(null)
  const [busy, setBusy] = useState<number | null>(null)
  const [submitting, setSubmitting] = useState(false)
  const [addForm] = Form.useForm<AddForm>()
  const [resetForm] = Form.useForm<{ password: string }>()

  if (!hasRole(me, 'admin'))
    return <Result status="403" title="需要管理员权限" subTitle="只有管理员可以管理员工账号。" />

  const update = async (
    account: StaffAccount,
    change: { role?: StaffRole; disabled?: boolean },
    done: string,
  ) => {
    setBusy(account.id)
    try {
      await studioApi.updateStaff(account.id, change)
      message.success(done)
      await mutate()
    } catch (e) {
      message.error(errorMessage(e))
    } finally {
      setBusy(null)
    }
  }

  const add = async (values: AddForm) => {
    setSubmitting(true)
    try {
      await studioApi.addStaff({
        ...values,
        username: values.username.trim(),
        displayName: values.displayName.trim(),
      })
      message.success(`已添加员工 ${values.displayName}`)
      setAdding(false)
      await mutate()
    } catch (e) {
      message.error(errorMessage(e))
    } finally {
      setSubmitting(false)
    }
  }

  const reset = async ({ password }: { password: string }) => {
    if (!resetting) return
    setSubmitting(true)
    try {
      await studioApi.updateStaff(resetting.id, { password })
      message.success(`已重置 ${resetting.displayName} 的密码`)
      setResetting(null)
    } catch (e) {
      message.error(errorMessage(e))
    } finally {
      setSubmitting(false)
    }
  }

  const columns = [
    {
      title: '员工',
      key: 'name',
      render: (_: unknown, a: StaffAccount) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text>{a.displayName}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {a.username}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '角色',
      key: 'role',
      width: 160,
      render: (_: unknown, a: StaffAccount) => (
        <Select<StaffRole>
          value={a.role}
          options={ROLE_OPTIONS}
          style={{ width: 120 }}
          aria-label={`${a.displayName} 的角色`}
          disabled={busy === a.id || a.id === me.id}
          onChange={(role) => void update(a, { role }, `已将 ${a.displayName} 设为${ROLE_NAMES[role]}`)}
        />
      ),
    },
    {
      title: '状态',
      key: 'status',
      width: 100,
      render: (_: unknown, a: StaffAccount) =>
        a.disabled ? <Tag color="red">已停用</Tag> : <Tag color="green">正常</Tag>,
    },
    timeColumn('创建时间', 'createdAt'),
    {
      title: '操作',
      key: 'actions',
      width: 200,
      render: (_: unknown, a: StaffAccount) => (
        <Space>
          <Button size="small" onClick={() => setResetting(a)} disabled={busy === a.id}>
            重置密码
          </Button>
          {a.id !== me.id && (
            <Button
              size="small"
              danger={!a.disabled}
              disabled={busy === a.id}
              onClick={() =>
                a.disabled
                  ? void update(a, { disabled: false }, `已启用 ${a.displayName}`)
                  : modal.confirm({
                      title: `停用 ${a.displayName}？`,
                      content: '停用后该账号无法登录，已登录的会话也会失效。可以随时重新启用。',
                      okText: '停用',
                      cancelText: '取消',
                      okButtonProps: { danger: true },
                      onOk: () => update(a, { disabled: true }, `已停用 ${a.displayName}`),
                    })
              }
            >
              {a.disabled ? '启用' : '停用'}
            </Button>
          )}
        </Space>
      ),
    },
  ]

  return (
    <div style={{ padding: 24 }}>
      <div style={{ display: 'flex', alignItems: 'center', marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0, flex: 1 }}>
          员工管理
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setAdding(true)}>
          添加员工
        </Button>
      </div>
      {error && (
        <Alert
          type="error"
          showIcon
          title={`员工列表加载失败：${errorMessage(error)}`}
          style={{ marginBottom: 16 }}
        />
      )}
      <Table<StaffAccount>
        rowKey="id"
        columns={columns}
        dataSource={data?.staff ?? []}
        loading={isLoading}
        pagination={false}
      />
      <Modal
        title="添加员工"
        open={adding}
        okText="添加"
        cancelText="取消"
        onOk={() => addForm.submit()}
        onCancel={() => setAdding(false)}
        confirmLoading={submitting}
        destroyOnHidden
      >
        <Form<AddForm>
          form={addForm}
          layout="vertical"
          preserve={false}
          onFinish={add}
          initialValues={{ role: 'editor' }}
          disabled={submitting}
        >
          <Form.Item
            label="用户名"
            name="username"
            rules={[
              { required: true, message: '请输入用户名' },
              { pattern: /^[a-zA-Z][a-zA-Z0-9_.-]{2,31}$/, message: '字母开头，3–32 个字母、数字或 _ . -' },
            ]}
          >
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item
            label="姓名"
            name="displayName"
            rules={[{ required: true, whitespace: true, message: '请输入姓名' }]}
          >
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item label="角色" name="role">
            <Select options={ROLE_OPTIONS} />
          </Form.Item>
          <Form.Item label="初始密码" name="password" rules={PASSWORD_RULES}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        title={`重置 ${resetting?.displayName ?? ''} 的密码`}
        open={resetting !== null}
        okText="重置"
        cancelText="取消"
        onOk={() => resetForm.submit()}
        onCancel={() => setResetting(null)}
        confirmLoading={submitting}
        destroyOnHidden
      >
        <Form form={resetForm} layout="vertical" preserve={false} onFinish={reset} disabled={submitting}>
          <Form.Item label="新密码" name="password" rules={PASSWORD_RULES}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  )
}
