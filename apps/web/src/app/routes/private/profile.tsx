import { PlaceholderPage } from '../../../components/placeholder-page';

export function ProfilePage() {
  return (
    <PlaceholderPage
      title="Mon profil"
      description="Modifiez ici votre photo, vos informations personnelles et votre mot de passe."
    />
  );
}
