// A folder config (page-configs/…), read-only in the editor workspace, with 复制为新页面.
import { ArrowLeftOutlined, CopyOutlined } from '@ant-design/icons'
import { Alert, Button, Space, Spin, Tag, Typography } from 'antd'
import { useState } from 'react'
import useSWR from 'swr'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { errorMessage } from '../api/client'
import { studioApi } from '../api/endpoints'
import { usePages } from '../api/hooks'
import { EditorWorkspace } from '../editor/EditorWorkspace'
import { NewPageDialog } from './NewPageDialog'

const noop = () => {}

export function FolderConfigPage() {
  const [params] = useSearchParams()
  const file = params.get('file') ?? ''
  const navigate = useNavigate()
  const { data, error, isLoading } = useSWR(
    file ? ['studio', 'folder', file] : null,
    () => studioApi.folderConfig(file),
    {
      revalidateOnFocus: false,
    },
  )
  const { data: list } = usePages('')
  const [copying, setCopying] = useState(false)
  const folder = list?.folders.find((f) => f.file === file)

  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: 'calc(100vh - 56px)' }}>
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 12,
          padding: '12px 24px',
          background: '#fff',
          borderBottom: '1px solid #f0f0f0',
        }}
      >
        <Button
          icon={<ArrowLeftOutlined aria-hidden />}
          onClick={() => navigate('/')}
          aria-label="返回页面列表"
        />
        <Space style={{ flex: 1, minWidth: 0 }}>
          <Typography.Title level={4} style={{ margin: 0 }} ellipsis>
            {data?.config.title ?? folder?.title ?? file}
          </Typography.Title>
          <Tag>只读</Tag>
          <Typography.Text type="secondary">page-configs/{file}</Typography.Text>
        </Space>
        <Button
          type="primary"
          icon={<CopyOutlined aria-hidden />}
          disabled={!data}
          onClick={() => setCopying(true)}
        >
          复制为新页面
        </Button>
      </div>
      <div style={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
        {!file ? (
          <Alert type="warning" showIcon title="没有指定文件配置" style={{ margin: 24 }} />
        ) : error ? (
          <Alert type="error" showIcon title={`加载失败：${errorMessage(error)}`} style={{ margin: 24 }} />
        ) : isLoading || !data ? (
          <div style={{ display: 'grid', placeItems: 'center', height: 320 }}>
            <Spin description="正在加载…" />
          </div>
        ) : (
          <EditorWorkspace
            pageId={
              file
                .replace(/\.json$/, '')
                .split('/')
                .pop() ?? file
            }
            config={data.config}
            onChange={noop}
            errors={[]}
            readOnly
            uploadImage={studioApi.uploadImage}
            compileMarkdown={studioApi.compileMarkdown}
          />
        )}
      </div>
      <NewPageDialog
        open={copying}
        initial={{ template: file, title: data?.config.title }}
        onClose={() => setCopying(false)}
      />
    </div>
  )
}
