import { useState } from 'react'
import { Dialog } from '../../components/dialog'
import { useFamilyWrites, type FamilyMember } from './api'
import { toast } from '../../components/notice'
import { describeError } from '../../lib/request'

/** Delete after a confirm Dialog; `deletingId` is set while the request runs (its buttons are disabled). */
export function useDeleteMember(onDeleted?: () => void) {
  const [deletingId, setDeletingId] = useState<string | null>(null)
  const writes = useFamilyWrites()

  async function remove(member: Pick<FamilyMember, 'id' | 'name'>) {
    const confirmed = await Dialog.confirm({
      title: '删除家庭成员',
      content: `确定删除家庭成员“${member.name}”吗？删除后投保时需重新填写其信息。`,
      confirmText: '删除',
      cancelText: '取消',
    })
    if (!confirmed) return
    setDeletingId(member.id)
    try {
      await writes.remove(member.id)
      toast('success', '已删除')
      onDeleted?.()
    } catch (error) {
      toast('error', describeError(error))
    } finally {
      setDeletingId(null)
    }
  }

  return { deletingId, remove }
}
