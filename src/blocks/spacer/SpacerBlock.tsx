import type { SpacerBlock as Props } from '../../types/generated/page'
import type { BlockProps } from '../runtime'

export default function SpacerBlock({ block }: BlockProps<Props>) {
  return <div aria-hidden style={{ height: block.height }} />
}
