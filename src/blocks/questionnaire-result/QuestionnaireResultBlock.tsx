import type { QuestionnaireResultBlock as Props } from '../../types/generated/page'
import { bandFor } from '../../domain/questionnaire'
import { Button } from 'antd-mobile'
import { readResult } from '../questionnaire/resultStore'
import { useBlockRuntime, type BlockProps } from '../runtime'
import { BlockEmpty, BlockLoading } from '../shared/BlockStatus'
import { BandResult } from './BandResult'

/** The score comes from ?score= (shareable) or, failing that, this session's saved result. */
export default function QuestionnaireResultBlock({ block }: BlockProps<Props>) {
  const { query, text, navigate, prerendered } = useBlockRuntime()
  // The stored result lives in this browser: prerendered HTML cannot know it.
  if (prerendered) return <BlockLoading lines={3} />
  const fromQuery = query.get('score')
  const score =
    fromQuery !== null && /^-?\d+$/.test(fromQuery)
      ? Number(fromQuery)
      : (readResult(block.questionnaireId)?.score ?? null)
  const retake = block.retakeTo ? () => navigate(block.retakeTo!) : undefined
  if (score === null) {
    return (
      <BlockEmpty title={text(block.emptyText ?? '还没有测评结果')} description="完成测评后即可查看结果">
        {retake && (
          <Button color="primary" size="small" onClick={retake}>
            去测评
          </Button>
        )}
      </BlockEmpty>
    )
  }
  return <BandResult band={bandFor(block.bands, score)} score={score} onRetake={retake} />
}
