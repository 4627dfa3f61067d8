import { PlaceholderPage } from '../../../components/placeholder-page';

export function NewProjectPage() {
  return (
    <PlaceholderPage
      title="Nouveau dossier"
      description="Choisissez le type de votre dossier : immobilier ou succession."
    />
  );
}
