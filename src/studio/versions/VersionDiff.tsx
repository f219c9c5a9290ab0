// The block-level difference between two configs (blockDiff.ts): each added, removed, moved or changed block,
// with its changed fields before and after.
import { Empty, Space, Table, Tag, Typography } from 'antd'
import type { PageConfig } from '../api/types'
import { diffConfigs, type BlockChange, type BlockChangeKind, type FieldChange } from './blockDiff'
import { blockWords, fieldWords } from './diffNames'

const KIND: Record<BlockChangeKind, { label: string; color: string }> = {
  added: { label: '新增', color: 'green' },
  removed: { label: '删除', color: 'red' },
  moved: { label: '移动', color: 'blue' },
  changed: { label: '修改', color: 'orange' },
}

const MAX_TEXT = 160
/** A value before (struck through, red) or after (green) the change. */
function show(value: unknown, side: 'before' | 'after') {
  if (value === undefined) return <Typography.Text type="secondary">（无）</Typography.Text>
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return (
    <Typography.Text
      className={`studio-diff-${side}`}
      delete={side === 'before'}
      type={side === 'before' ? 'danger' : 'success'}
      style={{ wordBreak: 'break-all' }}
      title={text.length > MAX_TEXT ? text : undefined}
    >
      {text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text}
    </Typography.Text>
  )
}

function Fields({ fields, type }: { fields: FieldChange[]; type: string | null }) {
  return (
    <Table<FieldChange>
      size="small"
      pagination={false}
      rowKey="path"
      dataSource={fields}
      columns={[
        {
          title: '字段',
          dataIndex: 'path',
          width: '30%',
          render: (path: string) => (
            <Typography.Text strong title={path}>
              {fieldWords(path, type)}
            </Typography.Text>
          ),
        },
        {
          title: '之前',
          key: 'before',
          render: (_: unknown, field: FieldChange) =>
            field.moved ? `第 ${field.moved.from + 1} 项` : show(field.before, 'before'),
        },
        {
          title: '之后',
          key: 'after',
          render: (_: unknown, field: FieldChange) =>
            field.moved ? `移到第 ${field.moved.to + 1} 项` : show(field.after, 'after'),
        },
      ]}
    />
  )
}

function position(change: BlockChange) {
  if (change.kind === 'added') return `新位置第 ${(change.to ?? 0) + 1} 个`
  if (change.kind === 'removed') return `原第 ${(change.from ?? 0) + 1} 个`
  if (change.kind === 'moved') return `第 ${(change.from ?? 0) + 1} 个 → 第 ${(change.to ?? 0) + 1} 个`
  return `第 ${(change.to ?? 0) + 1} 个`
}

export function VersionDiff({
  older,
  newer,
  olderLabel,
  newerLabel,
}: {
  older: PageConfig
  newer: PageConfig
  olderLabel: string
  newerLabel: string
}) {
  const { page, blocks } = diffConfigs(older, newer)
  return (
    <div data-testid="version-diff">
      <Typography.Paragraph>
        {olderLabel} → {newerLabel}：{blocks.length} 个区块有变化
        {page.length ? `，页面设置 ${page.length} 处变化` : ''}
      </Typography.Paragraph>
      {!blocks.length && !page.length && <Empty description="两个版本内容相同" />}
      {page.length > 0 && (
        <section aria-label="页面设置的变化" style={{ marginBottom: 16 }}>
          <Typography.Title level={5}>页面设置</Typography.Title>
          <Fields fields={page} type={null} />
        </section>
      )}
      {blocks.map((change) => (
        <section
          key={`${change.kind}-${change.key}`}
          aria-label={`区块 ${change.key} ${KIND[change.kind].label}`}
          style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: 12, marginBottom: 12 }}
        >
          <Space wrap style={{ marginBottom: change.fields.length ? 8 : 0 }}>
            <Tag color={KIND[change.kind].color}>{KIND[change.kind].label}</Tag>
            <Typography.Text strong>
              {blockWords(
                change.kind === 'removed' ? older.blocks[change.from ?? 0] : newer.blocks[change.to ?? 0],
                change.type,
              )}
            </Typography.Text>
            {change.id && <Typography.Text type="secondary">区块 id {change.id}</Typography.Text>}
            <Typography.Text type="secondary">{position(change)}</Typography.Text>
          </Space>
          {change.fields.length > 0 && <Fields fields={change.fields} type={change.type} />}
        </section>
      ))}
    </div>
  )
}
