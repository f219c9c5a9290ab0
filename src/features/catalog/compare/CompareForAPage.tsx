import { Button, TextArea } from 'antd-mobile'
import { useSnapshot } from 'valtio'
import { useAppNavigate } from '../../../components/navigation/useAppNavigate'
import { jtcStore } from '../../../state/jtcState'
import { AGENT_NOTE_MAX, readAgentInfo, saveAgentNote } from './agentInfo'
import { ComparedProducts } from './ComparedProducts'
import { CompareTable } from './CompareTable'
import './compare.css'
import { compareExportHref } from '../paths'

/** /compareForA/{sc}: the comparison an agent sends a client, with the agent's card and note. */
export default function CompareForAPage() {
  const navigate = useAppNavigate()
  const jtc = useSnapshot(jtcStore.state)
  const agent = readAgentInfo(jtc.agentInfo)

  return (
    <div className="compare-page" data-testid="compare-for-agent">
      <ComparedProducts>
        {(products, ids) => (
          <>
            <section className="section agent-card" aria-label="顾问信息">
              {agent.name ? (
                <div className="agent-name">
                  您的保险顾问：<strong>{agent.name}</strong>
                  {agent.phone && (
                    <a className="agent-phone" href={`tel:${agent.phone}`}>
                      {agent.phone}
                    </a>
                  )}
                </div>
              ) : (
                <div className="muted">未获取到顾问信息，备注仍可填写并随对比图分享</div>
              )}
              <label className="agent-note-label" htmlFor="agent-note">
                顾问备注
              </label>
              <TextArea
                id="agent-note"
                placeholder="写下给客户的建议，例如：预算有限优先考虑A产品"
                value={agent.note}
                onChange={saveAgentNote}
                maxLength={AGENT_NOTE_MAX}
                showCount
                autoSize={{ minRows: 2, maxRows: 5 }}
              />
            </section>
            <CompareTable products={products} />
            <div className="compare-actions">
              <Button block color="primary" onClick={() => navigate(compareExportHref(ids))}>
                生成对比图片
              </Button>
            </div>
          </>
        )}
      </ComparedProducts>
    </div>
  )
}

export { compareLoader as loader } from './useCompared'
