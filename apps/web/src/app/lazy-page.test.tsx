import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProvider } from './provider';
import { lazyPage } from './lazy-page';

function Greeting({ name }: { name: string }) {
  return <p>Bonjour {name}</p>;
}

describe('lazyPage', () => {
  it('shows a loading spinner until the code of a page it has not loaded yet arrives', async () => {
    const Page = lazyPage(async () => ({ Greeting }), 'Greeting');
    render(
      <AppProvider env="test">
        <Page name="Alice" />
      </AppProvider>,
    );
    expect(screen.getByRole('status', { name: 'Chargement de la page' })).toBeInTheDocument();
    expect(await screen.findByText('Bonjour Alice')).toBeInTheDocument();
  });

  it('renders a preloaded page at once, as the prerendered page it takes over shows it', async () => {
    const Page = lazyPage(async () => ({ Greeting }), 'Greeting');
    await Page.preload();
    render(
      <AppProvider env="test">
        <Page name="Bob" />
      </AppProvider>,
    );
    expect(screen.getByText('Bonjour Bob')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Chargement de la page' })).not.toBeInTheDocument();
  });
});
