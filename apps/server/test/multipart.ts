export interface MultipartFile {
  field: string;
  name: string;
  content: Buffer;
  type: string;
}

/** Builds a multipart/form-data body for `inject`, fields first, as browsers send FormData; one file or several, in order. */
export function multipartBody(fields: Record<string, string>, files?: MultipartFile | readonly MultipartFile[]) {
  const boundary = `----notadoo${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const file of files === undefined ? [] : Array.isArray(files) ? files : [files as MultipartFile]) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    );
    chunks.push(file.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A whole 1 × 1 PNG: covers and avatars are decoded, so a header alone no longer passes. */
export const PNG_BYTES = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000970485973000003e8000003e801b57b526b0000000d49444154089963d0b10bf80f00030e01baf193bdbe0000000049454e44ae426082',
  'hex',
);
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A larger PDF still whole in form (the server checks its end): `filler` sits after the header, the object and trailer after it. */
export function pdfWith(filler: Buffer): Buffer {
  const header = '%PDF-1.4\n';
  return Buffer.concat([Buffer.from(header), filler, Buffer.from('\n'), PDF_BYTES.subarray(header.length)]);
}
