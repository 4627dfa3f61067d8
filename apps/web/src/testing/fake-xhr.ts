import { act, waitFor } from '@testing-library/react';
import { withErrorCode } from './error-body';

/** Stands in for XMLHttpRequest (uploads with progress): the test drives progress and the answer. */
export class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onloadend: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.last = this;
  }
  /** The request sent after `previous`: a click's upload starts once React has handled it, not at once. */
  static async next(previous: FakeXhr | null): Promise<FakeXhr> {
    return waitFor(() => {
      if (!FakeXhr.last || FakeXhr.last === previous) throw new Error('no new upload sent yet');
      return FakeXhr.last;
    });
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent));
  }
  /** An error body without a code gets its status's generic one, as the server writes it. */
  respond(status: number, body: unknown) {
    act(() => {
      this.status = status;
      this.responseText = JSON.stringify(withErrorCode(status, body));
      this.onload?.();
      this.onloadend?.();
    });
  }
}
