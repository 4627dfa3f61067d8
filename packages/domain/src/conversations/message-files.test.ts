import { describe, expect, it } from 'vitest';
import { PROJECT_FILE_MESSAGES } from '../documents/project-file-rules';
import { MESSAGE_FILE_MESSAGES, MESSAGE_MAX_FILES, refuseMessageFile, sortChosenMessageFiles } from './message-files';

const pdf = (name: string) => ({ name, size: 1000, type: 'application/pdf' });

describe('the files of a message', () => {
  it('checks each file like every upload and says which one is refused', () => {
    expect(refuseMessageFile(pdf('acte.pdf'))).toBeNull();
    expect(refuseMessageFile({ name: 'virus.exe', size: 10, type: 'application/x-msdownload' })).toBe(
      `« virus.exe » : ${PROJECT_FILE_MESSAGES.wrongType}`,
    );
  });

  it('keeps the good files up to the limit and refuses the rest, in French', () => {
    const { accepted, refusals } = sortChosenMessageFiles(
      [pdf('a.pdf'), pdf('b.pdf')],
      [pdf('c.pdf'), { name: 'vide.pdf', size: 0, type: 'application/pdf' }, pdf('d.pdf'), pdf('e.pdf'), pdf('f.pdf')],
    );
    expect(accepted.map((f) => f.name)).toEqual(['c.pdf', 'd.pdf', 'e.pdf']);
    expect(refusals).toEqual([`« vide.pdf » : ${PROJECT_FILE_MESSAGES.empty}`, MESSAGE_FILE_MESSAGES.tooMany]);
    expect(MESSAGE_FILE_MESSAGES.tooMany).toContain(String(MESSAGE_MAX_FILES));
  });
});
