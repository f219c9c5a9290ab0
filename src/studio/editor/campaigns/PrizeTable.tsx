// The prizes of a lottery, coupon or gift-claim campaign as an editable table: name, weight with the resulting
// probability, stock (empty = 不限) and daily cap in the row; image, unit cost (数据分析's prize cost), reward and
// order on a line under it. Rows are added, removed and reordered here; prize ids are generated, never typed.

import { useState } from 'react'
import { Button, Input, InputNumber, Space, Table, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons'
import type { Json } from '../configOps'
import { FieldAt } from './FieldAt'
import { PrizeImage } from './PrizeImage'
import { RewardEditor } from './RewardEditor'
import { RewardMismatch } from './RewardMismatch'
import { RowDeleteButton } from './RowDeleteButton'
import { formatPercent, newPrize, overList, probabilities, type Edit } from './campaignModel'

interface Row {
  key: string
  index: number
  prize: Json
  chance: number
}

export function PrizeTable({
  pointer,
  prizes,
  readOnly,
  uploadImage,
  edit,
}: {
  /** The campaign's pointer; the table edits `<pointer>/prizes`. */
  pointer: string
  prizes: readonly Json[]
  readOnly: boolean
  uploadImage(file: File): Promise<string>
  edit: Edit
}) {
  // The prize 添加奖品 just added: its reward kind is chosen in its row at once.
  const [added, setAdded] = useState<string | null>(null)
  const at = (i: number, key: string) => `${pointer}/prizes/${i}/${key}`
  const setField = (i: number, key: string, value: unknown) => edit(at(i, key), () => value, at(i, key))
  const list = (fn: (prizes: Json[]) => Json[]) => edit(`${pointer}/prizes`, overList(fn))
  const move = (i: number, delta: number) =>
    list((prizes) => {
      const next = [...prizes]
      const [row] = next.splice(i, 1)
      next.splice(i + delta, 0, row)
      return next
    })
  const count = (i: number, key: 'weight' | 'stock' | 'dailyCap', label: string, empty?: string) => (
    <FieldAt pointer={at(i, key)} className="campaign-cell-field">
      {({ id, status }) => (
        <InputNumber
          id={id}
          size="small"
          status={status}
          aria-label={`第 ${i + 1} 个奖品的${label}`}
          placeholder={empty}
          min={0}
          precision={0}
          disabled={readOnly}
          value={typeof prizes[i][key] === 'number' ? (prizes[i][key] as number) : null}
          onChange={(v) => setField(i, key, v)}
          style={{ width: '100%' }}
        />
      )}
    </FieldAt>
  )
  const chances = probabilities(prizes)
  const rows: Row[] = prizes.map((prize, index) => ({
    key: typeof prize.id === 'string' ? prize.id : String(index),
    index,
    prize,
    chance: chances[index],
  }))
  const columns: ColumnsType<Row> = [
    {
      title: '名称',
      key: 'name',
      render: (_, { index, prize }) => (
        <FieldAt
          pointer={at(index, 'name')}
          pointers={[`${pointer}/prizes/${index}`, at(index, 'id')]}
          className="campaign-cell-field"
        >
          {({ id, status }) => (
            <Input
              id={id}
              size="small"
              status={status}
              aria-label={`第 ${index + 1} 个奖品的名称`}
              maxLength={20}
              disabled={readOnly}
              value={typeof prize.name === 'string' ? prize.name : ''}
              onChange={(e) => setField(index, 'name', e.target.value)}
            />
          )}
        </FieldAt>
      ),
    },
    {
      title: '权重（概率）',
      key: 'weight',
      width: 68,
      render: (_, { index, chance }) => (
        <>
          {count(index, 'weight', '权重')}
          <Typography.Text type="secondary" className="campaign-chance" data-testid="prize-probability">
            {formatPercent(chance)}
          </Typography.Text>
        </>
      ),
    },
    {
      title: '库存',
      key: 'stock',
      width: 68,
      render: (_, { index }) => count(index, 'stock', '库存', '不限'),
    },
    {
      title: '每日上限',
      key: 'dailyCap',
      width: 68,
      render: (_, { index }) => count(index, 'dailyCap', '每日上限', '不限'),
    },
    {
      title: '',
      key: 'remove',
      width: 32,
      render: (_, { index }) => (
        <RowDeleteButton
          index={index}
          what="奖品"
          disabled={readOnly}
          onDelete={() => list((prizes) => prizes.filter((_, j) => j !== index))}
        />
      ),
    },
  ]
  // A prize's image, reward and order buttons sit on a line of their own under its row, so the table fits the side
  // panel (docs/studio.md, "Layout"): every field stays in view, with no sideways scrolling and nothing to unfold.
  const detail = ({ index, prize }: Row) => (
    <div className="campaign-prize-detail">
      <Space size={0} className="campaign-prize-order">
        <Button
          size="small"
          type="text"
          icon={<ArrowUpOutlined />}
          aria-label={`上移第 ${index + 1} 个奖品`}
          disabled={readOnly || index === 0}
          onClick={() => move(index, -1)}
        />
        <Button
          size="small"
          type="text"
          icon={<ArrowDownOutlined />}
          aria-label={`下移第 ${index + 1} 个奖品`}
          disabled={readOnly || index === prizes.length - 1}
          onClick={() => move(index, 1)}
        />
      </Space>
      <div className="campaign-prize-part">
        <span className="campaign-prize-label">图片</span>
        <FieldAt pointer={at(index, 'image')} className="campaign-cell-field">
          {({ id, status }) => (
            <PrizeImage
              id={id}
              status={status}
              value={prize.image}
              disabled={readOnly}
              uploadImage={uploadImage}
              onChange={(url) => setField(index, 'image', url)}
            />
          )}
        </FieldAt>
      </div>
      <div className="campaign-prize-part">
        <span className="campaign-prize-label">成本</span>
        <FieldAt pointer={at(index, 'costFen')} className="campaign-cell-field">
          {({ id, status }) => (
            <InputNumber
              id={id}
              size="small"
              status={status}
              aria-label={`第 ${index + 1} 个奖品的单件成本（元）`}
              placeholder="不填"
              min={0}
              max={1_000_000}
              precision={2}
              suffix="元"
              disabled={readOnly}
              value={typeof prize.costFen === 'number' ? prize.costFen / 100 : null}
              onChange={(v) => setField(index, 'costFen', v === null ? undefined : Math.round(v * 100))}
              style={{ width: 110 }}
            />
          )}
        </FieldAt>
      </div>
      <div className="campaign-prize-part campaign-prize-reward">
        <span className="campaign-prize-label">奖励</span>
        <RewardEditor
          pointer={at(index, 'reward')}
          value={prize.reward}
          disabled={readOnly}
          autoOpen={prize.id === added}
          edit={edit}
        />
        <RewardMismatch
          pointer={at(index, 'reward')}
          name={prize.name}
          reward={prize.reward}
          disabled={readOnly}
          edit={edit}
        />
      </div>
    </div>
  )
  return (
    <FieldAt pointer={`${pointer}/prizes`} label="奖品" className="studio-field campaign-prizes">
      {() => (
        <>
          <Table<Row>
            size="small"
            rowKey="key"
            pagination={false}
            columns={columns}
            dataSource={rows}
            expandable={{
              expandedRowRender: detail,
              expandedRowKeys: rows.map((r) => r.key),
              showExpandColumn: false,
            }}
            aria-label="奖品表"
            locale={{ emptyText: '还没有奖品' }}
          />
          <Button
            size="small"
            icon={<PlusOutlined />}
            disabled={readOnly || prizes.length >= 12}
            onClick={() => {
              const prize = newPrize(prizes)
              setAdded(String(prize.id))
              list((prizes) => [...prizes, prize])
            }}
            style={{ marginTop: 8 }}
          >
            添加奖品
          </Button>
        </>
      )}
    </FieldAt>
  )
}
