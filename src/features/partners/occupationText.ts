/** Said of an occupation whose class the product refuses: in the picker and as the form's error. */
export const REFUSED_TEXT = '该职业暂不可投保'
