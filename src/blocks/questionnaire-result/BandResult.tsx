import { Button } from 'antd-mobile'
import { Result } from '../../components/Result'
import type { QuestionnaireResultBlock } from '../../types/generated/page'
import { useBlockRuntime } from '../runtime'
import { MarkdownText } from '../shared/MarkdownText'
import { useBlockAction } from '../useBlockAction'

type Band = QuestionnaireResultBlock['bands'][number]

export function BandResult({
  band,
  score,
  onRetake,
}: {
  band: Band | undefined
  score: number
  onRetake?: () => void
}) {
  const { text } = useBlockRuntime()
  const next = useBlockAction(band?.action)
  return (
    <div className="blk-result" data-score={score}>
      <Result
        status={band ? 'success' : 'info'}
        title={band ? text(band.title) : '暂无对应结论'}
        description={`您的得分：${score} 分`}
      />
      {band?.description && <MarkdownText source={band.description} />}
      <div className="blk-result-actions">
        {band?.action && (
          <Button block color="primary" onClick={next.onClick} loading={next.busy} disabled={next.busy}>
            查看推荐
          </Button>
        )}
        {onRetake && (
          <Button block fill="outline" color="primary" onClick={onRetake}>
            重新测评
          </Button>
        )}
      </div>
    </div>
  )
}
