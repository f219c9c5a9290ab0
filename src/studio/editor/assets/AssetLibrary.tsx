// 素材库: the studio's uploads as a grid of thumbnails, newest first, searched by file name, a page at a time as
// the list scrolls; each shows its size and weight, with a warning over the budget. Choosing one hands it back.
import { useEffect, useRef, useState } from 'react'
import { Alert, Button, Drawer, Empty, Input, Spin, Tag, Typography } from 'antd'
import useSWRInfinite from 'swr/infinite'
import type { StudioApiError } from '../../api/client'
import { studioApi } from '../../api/endpoints'
import type { MediaAsset, MediaPage } from '../../api/types'
import { formatTime } from '../../format'
import { formatWeight, IMAGE_BUDGET_BYTES, isOverBudget } from './budget'
import './assets.css'

export interface AssetLibraryProps {
  open: boolean
  onClose(): void
  onChoose(asset: MediaAsset): void
}

/** Thumbnails per page: the first page fills a wide drawer. */
export const LIBRARY_PAGE_SIZE = 40
const SEARCH_DELAY_MS = 300

type PageKey = readonly ['studio-media-library', string, string | undefined]

function useLibrary(q: string) {
  return useSWRInfinite<
    MediaPage,
    StudioApiError,
    (index: number, previous: MediaPage | null) => PageKey | null
  >(
    (index, previous) =>
      index > 0 && !previous?.nextCursor
        ? null
        : ['studio-media-library', q, previous?.nextCursor ?? undefined],
    ([, query, cursor]) =>
      studioApi.mediaLibrary({ q: query || undefined, cursor, limit: LIBRARY_PAGE_SIZE }),
    { revalidateOnFocus: false, shouldRetryOnError: false, revalidateFirstPage: false },
  )
}

function AssetCard({ asset, onChoose }: { asset: MediaAsset; onChoose(asset: MediaAsset): void }) {
  const heavy = isOverBudget(asset.bytes)
  return (
    <button
      type="button"
      className="studio-asset"
      aria-label={`选择 ${asset.name}`}
      title={asset.name}
      onClick={() => onChoose(asset)}
    >
      <span className="studio-asset-thumb">
        <img src={asset.url} alt={asset.name} loading="lazy" decoding="async" />
      </span>
      <span className="studio-asset-name">{asset.name}</span>
      <span className="studio-asset-meta">
        {asset.width}×{asset.height} · {formatWeight(asset.bytes)}
      </span>
      <span className="studio-asset-meta">
        {asset.uploadedBy} · {formatTime(asset.uploadedAt)}
      </span>
      {heavy && (
        <Tag color="warning" className="studio-asset-heavy">
          超过 {formatWeight(IMAGE_BUDGET_BYTES)}
        </Tag>
      )}
    </button>
  )
}

export function AssetLibrary({ open, onClose, onChoose }: AssetLibraryProps) {
  const [typed, setTyped] = useState('')
  const [q, setQ] = useState('')
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [typed])
  return (
    <Drawer
      title="素材库"
      open={open}
      onClose={onClose}
      size={760}
      destroyOnHidden
      extra={
        <Input.Search
          allowClear
          placeholder="按文件名搜索"
          aria-label="按文件名搜索图片"
          value={typed}
          maxLength={40}
          onChange={(e) => setTyped(e.target.value)}
          onSearch={(value) => setQ(value.trim())}
          style={{ width: 240 }}
        />
      }
    >
      {open && <LibraryGrid q={q} onChoose={onChoose} />}
    </Drawer>
  )
}

function LibraryGrid({ q, onChoose }: { q: string; onChoose(asset: MediaAsset): void }) {
  const { data, error, size, setSize, isLoading, isValidating, mutate } = useLibrary(q)
  const assets = data?.flatMap((page) => page.items) ?? []
  const more = Boolean(data?.[data.length - 1]?.nextCursor)
  const loadingMore = isValidating && data !== undefined && data.length < size
  const sentinel = useRef<HTMLDivElement>(null)
  // Infinite scroll: the next page as the end of the grid comes into view.
  useEffect(() => {
    const end = sentinel.current
    if (!end || !more || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void setSize((n) => n + 1)
    })
    observer.observe(end)
    return () => observer.disconnect()
  }, [more, setSize, data?.length])

  if (error && !data)
    return (
      <Alert
        type="error"
        showIcon
        title={`素材库加载失败：${error.message}`}
        action={
          <Button size="small" onClick={() => void mutate()}>
            重试
          </Button>
        }
      />
    )
  if (isLoading) return <Spin description="正在加载素材库…" />
  if (!assets.length)
    return (
      <Empty description={q ? `没有文件名包含「${q}」的图片` : '素材库还没有图片，上传的图片会出现在这里'} />
    )
  return (
    <>
      <Typography.Paragraph type="secondary">
        点击图片填入当前字段。超过 {formatWeight(IMAGE_BUDGET_BYTES)} 的图片建议压缩后再用。
      </Typography.Paragraph>
      <div className="studio-asset-grid" data-testid="asset-grid">
        {assets.map((asset) => (
          <AssetCard key={asset.id} asset={asset} onChoose={onChoose} />
        ))}
      </div>
      {error && <Alert type="error" showIcon title={`加载更多失败：${error.message}`} />}
      {more && (
        <div ref={sentinel} className="studio-asset-more">
          <Button loading={loadingMore} onClick={() => void setSize(size + 1)}>
            加载更多
          </Button>
        </div>
      )}
    </>
  )
}
