import { createStore } from './createStore'

export interface UserInfo {
  id?: string
  phone?: string
  nickname?: string
  avatar?: string
  [key: string]: unknown
}

export interface UserState {
  certiNo: string
  isRefetchUserInfo: boolean
  id: string
  openId: string
  userInfo: UserInfo
  /** Set when the user has explicitly logged out. */
  unLoginF: boolean
}

export const userStore = createStore<UserState>('user', {
  certiNo: '',
  isRefetchUserInfo: true,
  id: '',
  openId: '',
  userInfo: {},
  unLoginF: false,
})
