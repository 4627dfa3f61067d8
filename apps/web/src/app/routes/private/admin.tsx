import { PlaceholderPage } from '../../../components/placeholder-page';

export function AdminPage() {
  return (
    <PlaceholderPage
      title="Administration"
      description="Gérez ici les utilisateurs de la plateforme et consultez les dossiers ouverts pour la facturation."
    />
  );
}
