// 页面: the studio's pages (published and drafts) with their status by server time, and the repository's folder
// configs (read-only templates: 查看, 复制为新页面).
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons'
import { Alert, Button, Empty, Input, Space, Table, Tabs, Typography } from 'antd'
import { useDeferredValue, useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { errorMessage } from '../api/client'
import { usePages } from '../api/hooks'
import type { FolderConfig, PageSummary } from '../api/types'
import { formatTime, timeColumn } from '../format'
import { folderHref, pageHref } from '../paths'
import { NewPageDialog } from './NewPageDialog'
import { StatusTag } from './StatusTag'

export function PagesPage() {
  const [query, setQuery] = useState('')
  const q = useDeferredValue(query.trim())
  const { data, error, isLoading, mutate, isValidating } = usePages(q)
  const [dialog, setDialog] = useState<{
    template?: string
    title?: string
    from?: string
    fromTitle?: string
  } | null>(null)
  const navigate = useNavigate()
  const folders = data?.folders ?? []
  const shownFolders = q
    ? folders.filter((f) => `${f.title} ${f.file} ${f.route}`.toLowerCase().includes(q.toLowerCase()))
    : folders

  const pageColumns = [
    {
      title: '页面',
      key: 'title',
      render: (_: unknown, page: PageSummary) => (
        <Space orientation="vertical" size={0}>
          <Link to={pageHref(page.id)}>{page.title || '（未命名）'}</Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            /activity/{page.id}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 110,
      render: (_: unknown, page: PageSummary) => (
        <Space orientation="vertical" size={2}>
          <StatusTag status={page.status} />
          {page.draftErrors > 0 && (
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              草稿有 {page.draftErrors} 个错误
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: '线上版本',
      dataIndex: 'liveVersion',
      width: 100,
      render: (version: number | null) => (version === null ? '—' : `v${version}`),
    },
    timeColumn('定时发布', 'scheduledAt'),
    {
      title: '最后保存',
      key: 'updated',
      width: 220,
      render: (_: unknown, page: PageSummary) => (
        <span>
          {page.updatedBy} · {formatTime(page.updatedAt)}
        </span>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      render: (_: unknown, page: PageSummary) => (
        <Space size={12}>
          <Link to={pageHref(page.id)}>编辑</Link>
          <Button
            type="link"
            style={{ padding: 0 }}
            aria-label={`复制页面 ${page.title || page.id}`}
            onClick={() =>
              setDialog({ from: page.id, fromTitle: page.title, title: `${page.title}（副本）`.slice(0, 40) })
            }
          >
            复制页面
          </Button>
        </Space>
      ),
    },
  ]

  const folderColumns = [
    { title: '标题', dataIndex: 'title', render: (title: string) => title || '（未命名）' },
    {
      title: '文件',
      dataIndex: 'file',
      render: (file: string) => <Typography.Text code>page-configs/{file}</Typography.Text>,
    },
    { title: '地址', dataIndex: 'route' },
    {
      title: '操作',
      key: 'actions',
      width: 200,
      render: (_: unknown, folder: FolderConfig) => (
        <Space>
          <Button size="small" onClick={() => navigate(folderHref(folder.file))}>
            查看
          </Button>
          <Button
            size="small"
            type="link"
            onClick={() => setDialog({ template: folder.file, title: folder.title })}
          >
            复制为新页面
          </Button>
        </Space>
      ),
    },
  ]

  return (
    <div style={{ padding: 24 }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 16, marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0, flex: 1 }}>
          页面
        </Typography.Title>
        <Input.Search
          placeholder="搜索标题或页面 ID"
          allowClear
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          style={{ width: 280 }}
          aria-label="搜索页面"
        />
        <Button
          icon={<ReloadOutlined aria-hidden />}
          onClick={() => void mutate()}
          loading={isValidating && !isLoading}
        >
          刷新
        </Button>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setDialog({})}>
          新建页面
        </Button>
      </div>
      {error && (
        <Alert
          type="error"
          showIcon
          title={`页面列表加载失败：${errorMessage(error)}`}
          action={<Button onClick={() => void mutate()}>重试</Button>}
          style={{ marginBottom: 16 }}
        />
      )}
      <Tabs
        items={[
          {
            key: 'pages',
            label: `活动页面${data ? `（${data.pages.length}）` : ''}`,
            children: (
              <Table<PageSummary>
                rowKey="id"
                columns={pageColumns}
                dataSource={data?.pages ?? []}
                loading={isLoading}
                pagination={{ pageSize: 20, hideOnSinglePage: true }}
                locale={{
                  emptyText: (
                    <Empty
                      description={q ? `没有找到“${q}”相关的页面` : '还没有页面，点右上角“新建页面”开始'}
                    />
                  ),
                }}
              />
            ),
          },
          {
            key: 'folders',
            label: `文件配置${data ? `（${folders.length}）` : ''}`,
            children: (
              <>
                <Typography.Paragraph type="secondary">
                  仓库 page-configs/ 中的页面配置只读，可以查看，或复制为新页面后编辑发布。
                </Typography.Paragraph>
                <Table<FolderConfig>
                  rowKey="file"
                  columns={folderColumns}
                  dataSource={shownFolders}
                  loading={isLoading}
                  pagination={{ pageSize: 20, hideOnSinglePage: true }}
                  locale={{ emptyText: <Empty description="没有文件配置" /> }}
                />
              </>
            ),
          },
        ]}
      />
      <NewPageDialog open={dialog !== null} initial={dialog ?? undefined} onClose={() => setDialog(null)} />
    </div>
  )
}
