import { MESSAGE_FILE_MESSAGES, PROJECT_FILE_MESSAGES } from '@notadoo/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-app';
import { MessageFilesPicker } from './message-files-picker';

function Picker() {
  const [files, setFiles] = useState<File[]>([]);
  const [refusals, setRefusals] = useState<string[]>([]);
  return <MessageFilesPicker files={files} onChange={setFiles} refusals={refusals} onRefuse={setRefusals} />;
}

const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

describe('the files of a message being written', () => {
  it('takes several files, lists them with a button to remove each, and refuses bad ones and more than five, in French', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<Picker />);
    const input = await screen.findByLabelText('Fichiers joints (facultatif)');
    expect(input).toHaveAttribute('multiple');
    expect(input).toHaveAccessibleDescription(/Aucun fichier joint/);
    await user.upload(input, [pdf('acte.pdf'), pdf('plan.pdf'), new File(['MZ'], 'virus.exe', { type: 'application/x-msdownload' })]);
    const list = screen.getByRole('list', { name: 'Fichiers joints au message' });
    expect(list).toHaveTextContent('acte.pdf');
    expect(list).toHaveTextContent('plan.pdf');
    expect(list).not.toHaveTextContent('virus.exe');
    expect(screen.getByRole('alert')).toHaveTextContent(`« virus.exe » : ${PROJECT_FILE_MESSAGES.wrongType}`);
    expect(input).toHaveAccessibleDescription(/2 fichiers joints sur 5 possibles/);

    await user.click(screen.getByRole('button', { name: 'Retirer acte.pdf' }));
    expect(list).not.toHaveTextContent('acte.pdf');
    expect(input).toHaveFocus();

    await user.upload(
      input,
      ['a', 'b', 'c', 'd', 'e'].map((n) => pdf(`${n}.pdf`)),
    );
    expect(screen.getAllByRole('button', { name: /^Retirer / })).toHaveLength(5);
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGE_FILE_MESSAGES.tooMany);
    expect(input).toBeDisabled();
  });
});
