import { DEFAULT_NAVBAR_CATEGORY } from '../../../config/constants'
import { createStore } from '../../../state/createStore'

/** Shopping list filters. */
export interface NavbarState {
  category: string
  insurerCodes: string[]
  /** Search text. */
  likeTitle: string
  more: string[]
}

export const navbarStore = createStore<NavbarState>('navbar', {
  category: DEFAULT_NAVBAR_CATEGORY,
  insurerCodes: [],
  likeTitle: '',
  more: [],
})
