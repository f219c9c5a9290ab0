import { useMemo, useState } from 'react'
import { Button } from 'antd-mobile'
import { useSnapshot } from 'valtio'
import type { ProductDetail } from '../api'
import { EmptyView, LoadingView } from '../../../components/StatusViews'
import { useHydrating } from '../../../components/prerender'
import { toast } from '../../../components/notice'
import { shanghaiDate } from '../../../domain/age'
import { jtcStore } from '../../../state/jtcState'
import { readAgentInfo, type AgentInfo } from './agentInfo'
import { ComparedProducts } from './ComparedProducts'
import { dataUrlToBlob, drawComparison, type ComparisonImage } from './compareImage'
import { compareColumns, compareRows } from './compareRows'
import './compare.css'

const FILE_NAME = '产品对比.png'

/** /compareForA/export?sc=a,b: the comparison as a PNG to save or share. */
export default function CompareExportPage() {
  return (
    <div className="compare-page" data-testid="compare-export">
      <ComparedProducts>{(products) => <ExportImage products={products} />}</ComparedProducts>
    </div>
  )
}

function imageOf(products: ProductDetail[], agent: AgentInfo): ComparisonImage {
  const footer = [
    ...(agent.name ? [`保险顾问：${agent.name}${agent.phone ? `  ${agent.phone}` : ''}`] : []),
    ...(agent.note ? [`顾问备注：${agent.note}`] : []),
    '以上信息仅供参考，保险责任以保险合同条款为准。',
  ]
  return {
    title: '保险产品对比',
    subtitle: `生成日期 ${shanghaiDate(Date.now())} · 标色为有差异的项目`,
    columns: compareColumns(products),
    rows: compareRows(products),
    footer,
  }
}

function ExportImage({ products }: { products: ProductDetail[] }) {
  const jtc = useSnapshot(jtcStore.state)
  const agent = readAgentInfo(jtc.agentInfo)
  // Drawing on a detached canvas is a computation, not an effect: redone when products or the note change.
  // The device draws it: the server's HTML, and hydration, show it coming.
  const hydrating = useHydrating()
  const png = useMemo(() => {
    if (hydrating) return null
    const canvas = document.createElement('canvas')
    return drawComparison(
      canvas,
      imageOf(products, { name: agent.name, phone: agent.phone, note: agent.note }),
    )
      ? canvas.toDataURL('image/png')
      : 'unsupported'
  }, [hydrating, products, agent.name, agent.phone, agent.note])
  const [sharing, setSharing] = useState(false)

  if (png === null) return <LoadingView lines={6} />
  if (png === 'unsupported')
    return <EmptyView title="当前浏览器无法生成图片" description="请截屏保存对比结果，或换用其他浏览器" />

  const share = async () => {
    const file = new File([dataUrlToBlob(png)], FILE_NAME, { type: 'image/png' })
    if (!navigator.canShare?.({ files: [file] })) {
      toast('info', '当前浏览器不支持直接分享，请先下载图片或长按图片保存')
      return
    }
    setSharing(true)
    try {
      await navigator.share({ files: [file], title: '保险产品对比' })
    } catch (error) {
      // The user closing the share sheet is not an error.
      if (!(error instanceof DOMException && error.name === 'AbortError'))
        toast('error', '分享失败，请下载图片后再分享')
    } finally {
      setSharing(false)
    }
  }

  return (
    <div className="compare-export">
      <img src={png} alt="产品对比图" className="compare-export-image" data-testid="compare-image" />
      <p className="muted">长按图片可保存到相册</p>
      <div className="compare-actions">
        <a
          className="adm-button adm-button-primary adm-button-block compare-download"
          href={png}
          download={FILE_NAME}
        >
          下载图片
        </a>
        <Button block onClick={() => void share()} loading={sharing} disabled={sharing}>
          分享
        </Button>
      </div>
    </div>
  )
}

export { compareLoader as loader } from './useCompared'
