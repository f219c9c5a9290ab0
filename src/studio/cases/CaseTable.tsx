// The list of one desk (feedback, claims, appointments): its load error, then the rows, 20 a page; a row opens
// its case when the desk says how.
import { Alert, Table, type TableColumnsType } from 'antd'
import { errorMessage } from '../api/client'

export function CaseTable<Row extends { id: string }>({
  rows,
  loading,
  error,
  emptyText,
  columns,
  onOpen,
}: {
  rows: readonly Row[] | undefined
  loading: boolean
  error: unknown
  emptyText: string
  columns: TableColumnsType<Row>
  onOpen?: (id: string) => void
}) {
  return (
    <>
      {error !== undefined && error !== null && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={`加载失败：${errorMessage(error)}`}
        />
      )}
      <Table<Row>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={rows ? [...rows] : []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText }}
        onRow={
          onOpen ? (row) => ({ onClick: () => onOpen(row.id), style: { cursor: 'pointer' } }) : undefined
        }
        columns={columns}
      />
    </>
  )
}
