// 竞猜结果: each item of a guessing game with its lock, its result once entered, and how many picked each option.
// Entering a result asks first, saying how many picks it will reward; the same result twice (two tabs) rewards
// once, and an entered result cannot be changed (the server refuses it).
import { Alert, App, Button, Empty, Space, Table, Tag, Typography } from 'antd'
import { useState } from 'react'
import { errorMessage } from '../api/client'
import { operationsApi, type OpsGuess } from '../api/operations'
import { formatTime } from '../format'
import { useOpsGuess } from './hooks'

type Item = OpsGuess['items'][number]

export function GuessResultsPanel({ campaignId }: { campaignId: string }) {
  const { modal, message } = App.useApp()
  const guess = useOpsGuess(campaignId)
  const [busy, setBusy] = useState<string | null>(null)

  const enter = (item: Item, option: Item['options'][number]) => {
    modal.confirm({
      title: `确认录入“${item.title}”的结果为“${option.label}”？`,
      content: (
        <div data-testid="guess-confirm">
          <p>
            将奖励 <strong>{option.picks}</strong> 个猜中的选择（每人 {guess.data?.reward || '奖励'}
            ），并给他们发送消息。
          </p>
          <p>结果录入后不能修改，请核对比赛结果。</p>
        </div>
      ),
      okText: '确认录入',
      cancelText: '取消',
      onOk: async () => {
        setBusy(item.id)
        try {
          const entered = await operationsApi.enterResult(campaignId, item.id, option.id)
          message.success(
            entered.alreadyEntered
              ? `“${item.title}”的结果早已录入为“${option.label}”，未重复发奖`
              : `已录入，${entered.rewarded} 人猜中，奖励已发放`,
          )
        } catch (error) {
          message.error(errorMessage(error))
        } finally {
          setBusy(null)
          await guess.mutate()
        }
      },
    })
  }

  if (guess.error) return <Alert type="error" showIcon title={errorMessage(guess.error)} />
  const columns = [
    { title: '竞猜项', dataIndex: 'title', width: 200 },
    {
      title: '截止时间',
      dataIndex: 'lockAt',
      width: 180,
      render: (at: string, item: Item) => (
        <Space size={4}>
          {formatTime(at)}
          {!item.locked && <Tag>竞猜中</Tag>}
        </Space>
      ),
    },
    {
      title: '结果与各选项人数',
      key: 'options',
      render: (_: unknown, item: Item) => (
        <Space wrap>
          {item.options.map((option) =>
            item.result ? (
              <Tag key={option.id} color={item.result === option.id ? 'green' : undefined}>
                {option.label} · {option.picks} 人{item.result === option.id ? ' · 结果' : ''}
              </Tag>
            ) : (
              <Button
                key={option.id}
                size="small"
                disabled={!item.locked || busy !== null}
                loading={busy === item.id}
                onClick={() => enter(item, option)}
              >
                {option.label}（{option.picks} 人）
              </Button>
            ),
          )}
        </Space>
      ),
    },
  ]
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">
        比赛结束（竞猜截止）后点选实际结果录入；猜中者每人获得 {guess.data?.reward || '—'}。命令行 npm run
        campaign:result 供脚本使用。
      </Typography.Text>
      <Table<Item>
        rowKey="id"
        size="small"
        loading={guess.isLoading}
        columns={columns}
        dataSource={guess.data?.items ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description="该活动没有竞猜项" /> }}
      />
    </Space>
  )
}
