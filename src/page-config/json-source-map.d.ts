declare module 'json-source-map' {
  export interface Position {
    line: number
    column: number
    pos: number
  }
  export interface PointerInfo {
    key?: Position
    keyEnd?: Position
    value: Position
    valueEnd: Position
  }
  export function parse(text: string): { data: unknown; pointers: Record<string, PointerInfo> }
}
