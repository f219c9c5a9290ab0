// rjsf's own words (buttons, item titles, the label of a map's key) in Chinese: a form shows no English.
import { englishStringTranslator, TranslatableString } from '@rjsf/utils'

const CHINESE: Partial<Record<TranslatableString, string>> = {
  [TranslatableString.ArrayItemTitle]: '一项',
  [TranslatableString.MissingItems]: '缺少列表项的定义',
  [TranslatableString.EmptyArray]: '还没有内容，点下面的按钮添加',
  [TranslatableString.YesLabel]: '是',
  [TranslatableString.NoLabel]: '否',
  [TranslatableString.CloseLabel]: '关闭',
  [TranslatableString.ErrorsLabel]: '错误',
  [TranslatableString.NewStringDefault]: '新的值',
  [TranslatableString.AddButton]: '添加',
  [TranslatableString.AddItemButton]: '添加一项',
  [TranslatableString.CopyButton]: '复制',
  [TranslatableString.MoveDownButton]: '下移',
  [TranslatableString.MoveUpButton]: '上移',
  [TranslatableString.RemoveButton]: '删除',
  [TranslatableString.NowLabel]: '现在',
  [TranslatableString.ClearLabel]: '清除',
  [TranslatableString.AriaDateLabel]: '选择日期',
  [TranslatableString.PreviewLabel]: '预览',
  [TranslatableString.DecrementAriaLabel]: '减 1',
  [TranslatableString.IncrementAriaLabel]: '加 1',
  [TranslatableString.OptionalObjectAdd]: '填写这一项',
  [TranslatableString.OptionalObjectRemove]: '清空这一项',
  [TranslatableString.OptionalObjectEmptyMsg]: '未填写',
  [TranslatableString.Type]: '类型',
  [TranslatableString.Value]: '取值',
  [TranslatableString.ClearButton]: '清空',
  [TranslatableString.OptionPrefix]: '选项 %1',
  [TranslatableString.TitleOptionPrefix]: '%1 选项 %2',
  [TranslatableString.KeyLabel]: '%1 的名称',
}

export function translateFormString(text: TranslatableString, params?: string[]): string {
  const chinese = CHINESE[text]
  return chinese
    ? englishStringTranslator(chinese as TranslatableString, params)
    : englishStringTranslator(text, params)
}
