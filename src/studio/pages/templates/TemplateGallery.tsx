// The 模板 chooser of 新建页面: a searchable grid of template cards (thumbnail, title, block count, campaign
// kinds). The search field is the combobox named 模板 (typing then Enter picks the first match, like the select
// it replaced; ↑↓ move among the cards); a click on a card picks it too. The 空白页面 card is the template "".
import { SearchOutlined } from '@ant-design/icons'
import { Button, Input, Spin, Typography } from 'antd'
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react'
import { errorMessage } from '../../api/client'
import { usePages } from '../../api/hooks'
import type { FolderConfig } from '../../api/types'
import { kindLabel } from '../../editor/campaigns/campaignModel'
import { TemplateThumb } from './TemplateThumb'
import './templates.css'

const BLANK: FolderConfig = {
  file: '',
  route: '',
  title: '空白页面',
  blockCount: 0,
  blockTypes: [],
  campaignKinds: [],
}

const matches = (folder: FolderConfig, q: string) =>
  !q ||
  [folder.title, folder.route, folder.file, ...folder.campaignKinds.map(kindLabel)].some((s) =>
    s.toLowerCase().includes(q),
  )

export interface TemplateGalleryProps {
  /** Set by the Form.Item: the chosen template's file, '' for a blank page. */
  value?: string
  onChange?(value: string): void
  id?: string
}

export function TemplateGallery({ value = '', onChange, id }: TemplateGalleryProps) {
  const { data, error, isLoading, mutate } = usePages('')
  const [query, setQuery] = useState('')
  const q = query.trim().toLowerCase()
  const all = useMemo(() => [BLANK, ...(data?.folders ?? [])], [data])
  const shown = useMemo(() => all.filter((f) => matches(f, q)), [all, q])
  const [active, setActive] = useState(value)
  const optionId = useId()
  const listId = `${optionId}-list`

  // A search moves the active card to the first match; the chosen card stays active while it is shown.
  const activeFile = shown.some((f) => f.file === active) ? active : shown[0]?.file
  const domId = (file: string) => `${optionId}-${all.findIndex((f) => f.file === file)}`

  useEffect(() => {
    if (activeFile === undefined) return
    document.getElementById(domId(activeFile))?.scrollIntoView?.({ block: 'nearest' })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- scroll only when the active card changes
  }, [activeFile])

  const pick = (file: string) => {
    setActive(file)
    onChange?.(file)
  }

  // The arrows move among the cards shown, Enter picks the active one (the first match after a search).
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const at = shown.findIndex((f) => f.file === activeFile)
    const moveTo = (i: number) => {
      const next = shown[Math.min(shown.length - 1, Math.max(0, i))]
      if (next) setActive(next.file)
    }
    if (event.key === 'Enter') {
      if (activeFile !== undefined) pick(activeFile)
    } else if (event.key === 'ArrowDown') moveTo(at + 1)
    else if (event.key === 'ArrowUp') moveTo(at - 1)
    else return
    event.preventDefault()
  }

  return (
    <div className="tpl-gallery">
      <Input
        id={id}
        role="combobox"
        aria-label="模板"
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeFile !== undefined ? domId(activeFile) : undefined}
        prefix={<SearchOutlined />}
        placeholder="搜索模板：名称、地址或活动类型（↑↓ 选择，回车确定）"
        allowClear
        autoComplete="off"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={onKeyDown}
      />
      {error && !data ? (
        <div className="tpl-gallery__state" role="alert">
          <Typography.Text type="danger">模板加载失败：{errorMessage(error)}</Typography.Text>
          <Button size="small" onClick={() => void mutate()}>
            重试
          </Button>
        </div>
      ) : isLoading && !data ? (
        <div className="tpl-gallery__state">
          <Spin size="small" /> <Typography.Text type="secondary">正在加载模板…</Typography.Text>
        </div>
      ) : null}
      <div id={listId} role="listbox" aria-label="搜索结果" className="tpl-gallery__grid">
        {shown.map((folder) => (
          <div
            key={folder.file}
            id={domId(folder.file)}
            role="option"
            aria-selected={folder.file === value}
            title={folder.route ? `${folder.title}（${folder.route}）` : undefined}
            className={`tpl-card${folder.file === activeFile ? ' tpl-card--active' : ''}${
              folder.file === value ? ' tpl-card--selected' : ''
            }`}
            onClick={() => pick(folder.file)}
          >
            {folder.file ? (
              <TemplateThumb folder={folder} />
            ) : (
              <div className="tpl-thumb tpl-thumb--blank" aria-hidden="true">
                ＋
              </div>
            )}
            <div className="tpl-card__title">{folder.title}</div>
            <div className="tpl-card__meta">{folder.file ? `${folder.blockCount} 个区块` : '从零开始'}</div>
            {folder.campaignKinds.length > 0 && (
              <div className="tpl-card__kinds">{folder.campaignKinds.map(kindLabel).join(' · ')}</div>
            )}
          </div>
        ))}
      </div>
      {shown.length === 0 && (
        <div className="tpl-gallery__state">
          <Typography.Text type="secondary">没有符合「{query.trim()}」的模板</Typography.Text>
        </div>
      )}
    </div>
  )
}
