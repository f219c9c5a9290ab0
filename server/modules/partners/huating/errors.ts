// 华汀's error codes and what we tell the user about each, in Chinese. Its own messages are English and
// technical; they go to the call log, never to the screen.

export const HT_ERROR_TEXT: Record<string, string> = {
  E1001: '保险公司验签失败，请稍后重试',
  E1002: '投保信息有误，请核对后重新提交',
  E1003: '该产品暂停销售',
  E2001: '很抱歉，被保险人未通过保险公司核保',
  E2002: '被保险人的职业不在本产品承保范围内',
  E2003: '被保险人的年龄不在本产品承保范围内',
  E2004: '被保险人的健康状况不符合投保要求',
  E3001: '报价已失效，请重新提交投保信息',
  E3002: '保险公司未找到该投保单',
  E3003: '保费与保险公司核算不一致，请重新报价',
  E3004: '该保单不能退保',
  E3005: '投保单已撤销，请重新投保',
  E9001: '保险公司系统繁忙，请稍后重试',
  E9999: '保险公司系统异常，请稍后重试',
}

/** Codes that mean the partner could not do it now (try again later), not that it refuses. */
export const isTransient = (code: string) => code.startsWith('E9')

export const htErrorText = (code: string) => HT_ERROR_TEXT[code] ?? '保险公司暂时无法处理，请稍后重试'
