import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../testing/render-app';
import { FilePicker, NO_FILE_CHOSEN } from './file-picker';

function Picker() {
  const [file, setFile] = useState<File | null>(null);
  return <FilePicker label="Fichier" accept="application/pdf" file={file} onChange={setFile} />;
}

describe('file picker', () => {
  it('is labelled and worded in French, and shows the chosen file name', async () => {
    renderWithProviders(<Picker />);
    const input = await screen.findByLabelText('Fichier', { exact: true });
    expect(input).toHaveAttribute('type', 'file');
    expect(screen.getByText('Choisir un fichier')).toBeVisible();
    expect(input).toHaveAccessibleDescription(NO_FILE_CHOSEN);
    await userEvent.setup().upload(input, new File(['%PDF-1.4'], 'acte.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('acte.pdf')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription('acte.pdf');
  });
});
