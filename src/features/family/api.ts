import { useMemo } from 'react'
import useSWR, { useSWRConfig } from 'swr'
import { del, post, put } from '../../lib/request'
import type { FamilyMember, FamilyMemberInput, FamilyMemberList } from '../../types/generated/api/family'

// The user's family members (/familyManage, picked as the insured on /insured). The server keeps them per user.

export type { FamilyMember, FamilyMemberInput, FamilyMemberList }

export const familyMembersKey = '/api/family-members'
export const familyMemberKey = (id: string) => `${familyMembersKey}/${encodeURIComponent(id)}`

export const createFamilyMember = (input: FamilyMemberInput) => post<FamilyMember>(familyMembersKey, input)
export const updateFamilyMember = (id: string, input: FamilyMemberInput) =>
  put<FamilyMember>(familyMemberKey(id), input)
export const deleteFamilyMember = (id: string) => del<{ ok: true }>(familyMemberKey(id))

/** `enabled` false: no request (e.g. while the members are not needed). */
export function useFamilyMembers(enabled = true) {
  return useSWR<FamilyMemberList>(enabled ? familyMembersKey : null)
}

export function useFamilyMember(id: string | null) {
  return useSWR<FamilyMember>(id ? familyMemberKey(id) : null)
}

/** The writes, each followed by a refresh of the SWR cache the screen reads from, so every screen shows the change. */
export function useFamilyWrites() {
  const { mutate } = useSWRConfig()
  return useMemo(() => {
    async function stored(member: FamilyMember): Promise<FamilyMember> {
      await mutate(familyMemberKey(member.id), member, { revalidate: false })
      await mutate(familyMembersKey)
      return member
    }
    return {
      create: async (input: FamilyMemberInput) => stored(await createFamilyMember(input)),
      update: async (id: string, input: FamilyMemberInput) => stored(await updateFamilyMember(id, input)),
      remove: async (id: string) => {
        await deleteFamilyMember(id)
        await mutate(familyMembersKey)
      },
    }
  }, [mutate])
}
