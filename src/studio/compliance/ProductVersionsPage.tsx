// 产品页面版本: the versions of a product's sales page and of each of its documents, each with when it went
// online and offline (当前版本 while it is online) and its content hash; 查看内容 shows one version as it read.
// Any staff role. Reached from a sale's product name, or by picking a product here.
import { Alert, Button, Card, Drawer, Empty, Form, Input, Select, Table, Tag, Typography } from 'antd'
import useSWR from 'swr'
import { useNavigate, useParams, useSearchParams } from 'react-router-dom'
import { catalogApi, productsPath } from '../api/catalog'
import { errorMessage } from '../api/client'
import type { SalesPageVersionSummary } from '../api/types'
import { formatTime } from '../format'
import { productVersionsHref } from '../paths'
import { useProductVersions, useSalesPageVersion } from './hooks'
import { VersionContent } from './PageContent'
import { shortHash } from './words'
import './compliance.css'

const PRODUCT_ID = /^[A-Za-z0-9_-]{1,64}$/

function VersionTable({
  title,
  versions,
  onOpen,
}: {
  title: string
  versions: SalesPageVersionSummary[]
  onOpen: (version: SalesPageVersionSummary) => void
}) {
  return (
    <Table<SalesPageVersionSummary>
      rowKey="id"
      size="small"
      aria-label={`${title}的版本`}
      dataSource={[...versions].sort((a, b) => b.version - a.version)}
      pagination={false}
      locale={{ emptyText: '还没有版本' }}
      columns={[
        { title: '版本', dataIndex: 'version', width: 90, render: (v: number) => `第 ${v} 版` },
        {
          title: '上线时间',
          dataIndex: 'onlineAt',
          width: 190,
          render: (at: string) => formatTime(at, true),
        },
        {
          title: '下线时间',
          dataIndex: 'offlineAt',
          width: 190,
          render: (at: string | null) => (at ? formatTime(at, true) : <Tag color="green">当前版本</Tag>),
        },
        {
          title: '内容哈希',
          dataIndex: 'hash',
          render: (hash: string) => (
            <Typography.Text code title={hash}>
              {shortHash(hash)}
            </Typography.Text>
          ),
        },
        {
          title: '操作',
          key: 'open',
          width: 110,
          render: (_: unknown, version: SalesPageVersionSummary) => (
            <Button
              size="small"
              onClick={() => onOpen(version)}
              aria-label={`查看第 ${version.version} 版内容`}
            >
              查看内容
            </Button>
          ),
        },
      ]}
    />
  )
}

function VersionDrawer({ versionId, onClose }: { versionId: number | undefined; onClose: () => void }) {
  const { data, error, isLoading } = useSalesPageVersion(versionId)
  return (
    <Drawer
      open={versionId !== undefined}
      onClose={onClose}
      size={480}
      title={data ? `${data.title} · 第 ${data.version} 版` : '版本内容'}
    >
      {error && <Alert type="error" showIcon title={`版本内容加载失败：${errorMessage(error)}`} />}
      {isLoading && <Card loading />}
      {data && (
        <>
          <p className="trail-muted">
            上线 {formatTime(data.onlineAt, true)} · 下线{' '}
            {data.offlineAt ? formatTime(data.offlineAt, true) : '—（当前版本）'}
            <br />
            内容哈希 <Typography.Text code>{data.hash}</Typography.Text>
          </p>
          <div className="trail-version-content">
            <VersionContent version={data} />
          </div>
        </>
      )}
    </Drawer>
  )
}

/** Pick a product: from the catalogue, or by its id. */
function ProductPicker({ current }: { current?: string }) {
  const navigate = useNavigate()
  const products = useSWR(['studio', 'catalog', 'products-for-versions'], () =>
    catalogApi.products(productsPath({ limit: 50 })),
  )
  const [form] = Form.useForm<{ id: string }>()
  const open = (id: string) => {
    if (PRODUCT_ID.test(id.trim())) navigate(productVersionsHref(id.trim()))
  }
  return (
    <Form
      form={form}
      layout="inline"
      style={{ marginBottom: 16 }}
      onFinish={({ id }) => open(id)}
      initialValues={{ id: current ?? '' }}
    >
      <Form.Item label="产品">
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 280 }}
          placeholder="从产品目录中选择"
          loading={products.isLoading}
          value={current}
          aria-label="从产品目录中选择"
          options={(products.data?.items ?? []).map((p) => ({ value: p.id, label: p.name }))}
          onChange={(id: string) => open(id)}
        />
      </Form.Item>
      <Form.Item
        label="产品编号"
        name="id"
        rules={[{ pattern: PRODUCT_ID, message: '产品编号为字母、数字、_ 或 -' }]}
      >
        <Input.Search enterButton="查看" style={{ width: 300 }} onSearch={() => form.submit()} />
      </Form.Item>
    </Form>
  )
}

export function ProductVersionsPage() {
  const { id } = useParams()
  const [params, setParams] = useSearchParams()
  const versionParam = params.get('version')
  const versionId = versionParam && /^\d+$/.test(versionParam) ? Number(versionParam) : undefined
  const { data, error, isLoading } = useProductVersions(id)
  const openVersion = (version: SalesPageVersionSummary) => setParams({ version: String(version.id) })
  return (
    <div className="trail-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        产品页面版本{data ? `：${data.productName}` : ''}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        产品页面和每份文件的每个版本，以及它们的上线、下线时间。销售过程记录的是买家当时看到的版本。
      </Typography.Paragraph>
      <ProductPicker key={id} current={id} />
      {!id && <Empty description="请选择一个产品" />}
      {error && (
        <Alert
          type="error"
          showIcon
          title={error.status === 404 ? '没有这个产品' : `版本加载失败：${errorMessage(error)}`}
        />
      )}
      {isLoading && <Card loading />}
      {data && (
        <>
          <Card title="产品页面" style={{ marginBottom: 16 }}>
            <VersionTable title="产品页面" versions={data.product} onOpen={openVersion} />
          </Card>
          {data.documents.map((doc) => (
            <Card key={doc.key} title={`文件：${doc.title}`} style={{ marginBottom: 16 }}>
              <VersionTable title={doc.title} versions={doc.versions} onOpen={openVersion} />
            </Card>
          ))}
        </>
      )}
      <VersionDrawer versionId={versionId} onClose={() => setParams({})} />
    </div>
  )
}
