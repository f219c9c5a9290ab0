import { createStore } from './createStore'

export interface NewsState {
  tag: string
}

export const newsStore = createStore<NewsState>('news', { tag: 'RECOMMEND' })
