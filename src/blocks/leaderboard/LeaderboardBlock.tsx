import { Button } from 'antd-mobile'
import { leaderboardPath, useGuessLeaderboard } from '../../features/campaigns/api'
import type { BlockLoader } from '../registry'
import type { LeaderboardBlock as Props } from '../../types/generated/page'
import { useBlockRuntime, type BlockProps } from '../runtime'
import { BlockError, BlockLoading } from '../shared/BlockStatus'
import './LeaderboardBlock.css'

export const loader: BlockLoader<Props> = (block, load) => load(leaderboardPath(block.campaign))

/** 竞猜排行榜: the top 20 by correct picks (nicknames masked by the server), mine highlighted, and my rank. */
export default function LeaderboardBlock({ block }: BlockProps<Props>) {
  const runtime = useBlockRuntime()
  // Rendered by the server with the board as everyone sees it; my rank comes once it is hydrated.
  const { data, error, mutate } = useGuessLeaderboard(block.campaign)
  const title = runtime.text(block.title ?? '竞猜排行榜')

  let body
  if (error) body = <BlockError error={error} onRetry={() => void mutate()} />
  else if (!data) body = <BlockLoading lines={4} />
  else
    body = (
      <>
        {data.entries.length === 0 ? (
          <p className="blk-board-empty">
            {data.decided === 0 ? '比赛结果公布后更新排行榜' : '暂时还没有人猜中，下一场就看你的了'}
          </p>
        ) : (
          <ol className="blk-board-list">
            {data.entries.map((entry, i) => (
              <li key={i} className={entry.mine ? 'is-mine' : undefined} data-testid="leaderboard-entry">
                <span className={`blk-board-rank${entry.rank <= 3 ? ` is-top${entry.rank}` : ''}`}>
                  {entry.rank}
                </span>
                <span className="blk-board-name">
                  {entry.nickname}
                  {entry.mine && <em>我</em>}
                </span>
                <span className="blk-board-score">猜中 {entry.correct} 项</span>
              </li>
            ))}
          </ol>
        )}
        <div className="blk-board-me" data-testid="leaderboard-me">
          {data.me === null ? (
            <>
              <span>登录后查看我的排名</span>
              <Button
                size="mini"
                color="primary"
                fill="outline"
                onClick={() => void runtime.run({ type: 'login' })}
              >
                登录
              </Button>
            </>
          ) : data.me.rank === null ? (
            <span>我暂未上榜，猜中 1 项即可上榜</span>
          ) : (
            <span>
              我的排名：第 {data.me.rank} 名（猜中 {data.me.correct} 项）
            </span>
          )}
        </div>
      </>
    )
  return (
    <section className="blk-board" aria-label={title}>
      <h2 className="blk-section-title">{title}</h2>
      {body}
    </section>
  )
}
