import { useParams } from 'react-router';
import { PlaceholderPage } from '../../../components/placeholder-page';

export function ProjectDashboardPage() {
  const { id } = useParams();
  return (
    <PlaceholderPage
      title={`Dossier n° ${id}`}
      description="Choisissez votre étude notariale, invitez les personnes concernées et complétez vos documents."
    />
  );
}
