import useSWR from 'swr'
import type { Health } from '../types/generated/api/common'

export const healthKey = '/api/health'

/** Server health, including the run mode ("demo" shows the 演示环境 badge). */
export function useHealth() {
  return useSWR<Health>(healthKey, { revalidateIfStale: false })
}
