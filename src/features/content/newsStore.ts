import { createStore } from '../../state/createStore'

export interface NewsState {
  tag: string
}

export const newsStore = createStore<NewsState>('news', { tag: 'RECOMMEND' })
