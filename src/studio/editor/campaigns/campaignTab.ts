// The 活动 tab's place (selected campaign, field to focus) and error count: what the workspace needs before the tab
// is opened, apart from the panel itself (CampaignsPanel, loaded when the tab is first shown).
import { useCallback, useState } from 'react'
import type { StudioConfigError } from '../types'
import { campaignOfPointer } from './campaignModel'

/** Where the tab is: the selected campaign and a field to focus (set by picking an error). */
export interface CampaignTabState {
  selected: string | null
  select(id: string | null): void
  /** A pointer to focus once its field is shown; `seq` tells two picks of one pointer apart. */
  focus: { pointer: string; seq: number } | null
  /** Opens the campaign an error pointer is in, at that field. */
  pick(pointer: string): void
}

export function useCampaignTab(): CampaignTabState {
  const [selected, select] = useState<string | null>(null)
  const [focus, setFocus] = useState<{ pointer: string; seq: number } | null>(null)
  const pick = useCallback((pointer: string) => {
    select(campaignOfPointer(pointer) ?? null)
    setFocus((f) => ({ pointer, seq: (f?.seq ?? 0) + 1 }))
  }, [])
  return { selected, select, focus, pick }
}

/** The errors under /campaigns (the 活动 tab's count). */
export const campaignErrorCount = (errors: readonly StudioConfigError[]): number =>
  errors.filter((e) => campaignOfPointer(e.pointer) !== undefined).length
