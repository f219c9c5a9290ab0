// 操作日志: who did what and when (login, save, publish, rollback, staff changes…), filtered by page.
import { ReloadOutlined } from '@ant-design/icons'
import { Alert, Button, Input, Space, Table, Typography } from 'antd'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { errorMessage } from '../api/client'
import { useAudit } from '../api/hooks'
import type { AuditEntry } from '../api/types'
import { formatTime } from '../format'
import { pageHref } from '../paths'

export const ACTION_NAMES: Record<string, string> = {
  login: '登录',
  logout: '退出',
  create: '新建页面',
  save: '保存草稿',
  publish: '发布',
  schedule: '定时发布',
  rollback: '回滚',
  unpublish: '下线',
  'login-locked': '账号锁定',
  'login-throttled': '登录限速',
  'media-upload': '上传图片',
  'staff-create': '添加员工',
  'staff-update': '修改员工',
  'section-create': '保存区块组合',
  'section-rename': '重命名区块组合',
  'section-delete': '删除区块组合',
  'save-version': '保存为版本',
  'experiment-create': '新建 A/B 测试',
  'experiment-delete': '删除 A/B 测试',
  'experiment-start': '开始 A/B 测试',
  'experiment-stop': '停止 A/B 测试',
  'experiment-promote': '推广胜出版本',
}

const detailText = (detail: unknown) =>
  detail === null || detail === undefined || detail === ''
    ? ''
    : typeof detail === 'string'
      ? detail
      : JSON.stringify(detail)

export function AuditPage() {
  const [params, setParams] = useSearchParams()
  const page = params.get('page') ?? ''
  const [input, setInput] = useState(page)
  const { data, error, isLoading, isValidating, mutate } = useAudit(page)

  const columns = [
    { title: '时间', dataIndex: 'at', width: 180, render: (at: string) => formatTime(at, true) },
    { title: '员工', key: 'staff', width: 140, render: (_: unknown, e: AuditEntry) => e.staff || '—' },
    {
      title: '操作',
      dataIndex: 'action',
      width: 120,
      render: (action: string) => ACTION_NAMES[action] ?? action,
    },
    {
      title: '页面',
      dataIndex: 'pageId',
      width: 180,
      render: (pageId: string | null) => (pageId ? <Link to={pageHref(pageId)}>{pageId}</Link> : '—'),
    },
    {
      title: '版本',
      dataIndex: 'version',
      width: 80,
      render: (v: number | null) => (v === null || v === undefined ? '—' : `v${v}`),
    },
    {
      title: '详情',
      dataIndex: 'detail',
      render: (detail: unknown) => (
        <Typography.Text
          type="secondary"
          ellipsis={{ tooltip: detailText(detail) }}
          style={{ maxWidth: 420 }}
        >
          {detailText(detail) || '—'}
        </Typography.Text>
      ),
    },
  ]

  return (
    <div style={{ padding: 24 }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 16, marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0, flex: 1 }}>
          操作日志
        </Typography.Title>
        <Space>
          <Input.Search
            placeholder="按页面 ID 筛选"
            allowClear
            value={input}
            onChange={(event) => {
              setInput(event.target.value)
              if (!event.target.value) setParams({})
            }}
            onSearch={(value) => setParams(value.trim() ? { page: value.trim() } : {})}
            style={{ width: 260 }}
            aria-label="按页面筛选"
          />
          <Button
            icon={<ReloadOutlined aria-hidden />}
            onClick={() => void mutate()}
            loading={isValidating && !isLoading}
          >
            刷新
          </Button>
        </Space>
      </div>
      {error && (
        <Alert
          type="error"
          showIcon
          title={`操作日志加载失败：${errorMessage(error)}`}
          style={{ marginBottom: 16 }}
        />
      )}
      <Table<AuditEntry>
        rowKey={(e) => `${e.at}-${e.action}-${e.pageId ?? ''}-${e.version ?? ''}`}
        columns={columns}
        dataSource={data?.entries ?? []}
        loading={isLoading}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        locale={{ emptyText: page ? `页面 ${page} 还没有操作记录` : '还没有操作记录' }}
      />
    </div>
  )
}
