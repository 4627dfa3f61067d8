import { PlaceholderPage } from '../../../components/placeholder-page';

export function MyDocumentsPage() {
  return <PlaceholderPage title="Mes documents" description="Retrouvez ici les documents que vous avez déposés dans vos dossiers." />;
}
