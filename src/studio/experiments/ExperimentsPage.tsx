// A/B 测试 of one page (/studio/pages/{id}/experiments, ?test= the one shown): its tests with their state, 新建
// A/B 测试 (编辑 and up), and the chosen test's results with start, stop and 推广胜出版本 (发布员). How the test
// is read: docs/analytics.md#ab-tests.
import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons'
import { Alert, Button, Card, Empty, Space, Spin, Table, Tag, Typography } from 'antd'
import { useState } from 'react'
import { Link, useParams, useSearchParams } from 'react-router-dom'
import { lazyWithRetry } from '../../lib/lazyWithRetry'
import { ChunkRetryAlert } from '../ChunkRetryAlert'
import { errorMessage } from '../api/client'
import type { Experiment } from '../api/experiments'
import { formatTime } from '../format'
import { Blocked } from '../page/Blocked'
import { pageHref } from '../paths'
import { hasRole, useStaff } from '../session'
import { ExperimentResultsView } from './ExperimentResultsView'
import { useExperiments } from './hooks'
import { goalWords, statusText, STATUS_COLORS } from './words'

// The form (with its number inputs and selects) loads when first opened.
const CreateExperimentDialog = lazyWithRetry(
  () => import('./CreateExperimentDialog').then((m) => ({ default: m.CreateExperimentDialog })),
  ChunkRetryAlert,
)

export function ExperimentsPage() {
  const { id = '' } = useParams()
  const staff = useStaff()
  const canPublish = hasRole(staff, 'publisher')
  const [params, setParams] = useSearchParams()
  const { data, error, isLoading, mutate } = useExperiments(id)
  const [creating, setCreating] = useState(false)
  const tests = data?.experiments ?? []
  const chosenId = params.get('test')
  const chosen =
    tests.find((x) => x.id === chosenId) ?? tests.find((x) => x.status === 'running') ?? tests[0] ?? null
  const choose = (test: Experiment) => setParams({ test: test.id }, { replace: true })
  const createBlocker = data && data.liveVersion === null ? '页面发布后才能做 A/B 测试' : null

  const columns = [
    { title: '名称', dataIndex: 'name' },
    {
      title: '状态',
      key: 'status',
      render: (_: unknown, x: Experiment) => <Tag color={STATUS_COLORS[x.status]}>{statusText(x)}</Tag>,
    },
    {
      title: '各组',
      key: 'variants',
      render: (_: unknown, x: Experiment) =>
        x.variants.map((v) => `${v.key} v${v.version} ${v.weight}%`).join('、'),
    },
    { title: '目标', key: 'goal', render: (_: unknown, x: Experiment) => goalWords(x.goal) },
    {
      title: '每组样本量',
      dataIndex: 'samplePerVariant',
      render: (n: number) => n.toLocaleString('zh-CN'),
    },
    { title: '开始', dataIndex: 'startedAt', render: (at: string | null) => formatTime(at) },
    {
      title: '',
      key: 'open',
      render: (_: unknown, x: Experiment) => (
        <Button type="link" onClick={() => choose(x)} aria-label={`查看「${x.name}」的结果`}>
          查看结果
        </Button>
      ),
    },
  ]

  return (
    <div style={{ padding: 24 }}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
          <Space>
            <Link to={pageHref(id)} aria-label="返回页面">
              <ArrowLeftOutlined aria-hidden />
            </Link>
            <Typography.Title level={3} style={{ margin: 0 }}>
              A/B 测试
            </Typography.Title>
            <Typography.Text type="secondary">/activity/{id}</Typography.Text>
            {data?.liveVersion != null && (
              <Typography.Text type="secondary">线上版本 v{data.liveVersion}</Typography.Text>
            )}
          </Space>
          <Blocked reason={createBlocker} id="create-experiment-blocked">
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              disabled={!data || createBlocker !== null}
              onClick={() => setCreating(true)}
            >
              新建 A/B 测试
            </Button>
          </Blocked>
        </Space>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          把页面的几个版本按流量分给访客（同一位访客始终看到同一版本），比较目标转化率。活动的库存和抽奖机会在各版本间共享。
          每组访客达到事先算好的样本量后才给出结论；结束后可把胜出版本发布为线上版本。
        </Typography.Paragraph>
        {error ? (
          <Alert
            type="error"
            showIcon
            title={`加载失败：${errorMessage(error)}`}
            action={
              <Button size="small" onClick={() => void mutate()}>
                重试
              </Button>
            }
          />
        ) : isLoading ? (
          <Spin description="正在加载…" />
        ) : tests.length === 0 ? (
          <Empty description="还没有 A/B 测试" />
        ) : (
          <>
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              columns={columns}
              dataSource={tests}
              aria-label="A/B 测试列表"
              rowClassName={(x: Experiment) => (x.id === chosen?.id ? 'ant-table-row-selected' : '')}
              onRow={(x: Experiment) => ({ onClick: () => choose(x) })}
            />
            {chosen && (
              <Card size="small">
                <ExperimentResultsView
                  key={chosen.id}
                  test={chosen}
                  canPublish={canPublish}
                  onChanged={() => mutate()}
                />
              </Card>
            )}
          </>
        )}
      </Space>
      {creating && data && (
        <CreateExperimentDialog
          open={creating}
          pageId={id}
          liveVersion={data.liveVersion}
          onClose={() => setCreating(false)}
          onCreated={(test) => {
            void mutate()
            choose(test)
          }}
        />
      )}
    </div>
  )
}
