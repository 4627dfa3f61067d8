// fontkit (pdfkit's font engine) ships no types: the little the server uses of it.
declare module 'fontkit' {
  export interface Font {
    layout(text: string): unknown;
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function create(buffer: Uint8Array): Font;
}
