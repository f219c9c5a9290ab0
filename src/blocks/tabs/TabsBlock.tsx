import { Tabs } from '../../components/tabs/Tabs'
import type { TabsBlock as Props } from '../../types/generated/page'
import { useBlockRuntime, type BlockProps } from '../runtime'

export default function TabsBlock({ block }: BlockProps<Props>) {
  const { text, renderBlocks } = useBlockRuntime()
  return (
    <Tabs className={block.sticky ? 'blk-tabs sticky' : 'blk-tabs'}>
      {block.tabs.map((tab, i) => (
        <Tabs.Tab key={String(i)} title={text(tab.title)}>
          {renderBlocks(tab.blocks)}
        </Tabs.Tab>
      ))}
    </Tabs>
  )
}
